// Seeds the configured single team on start-up: inserted once, never overwritten.
import type { TeamMember } from '../../../contract/types.ts';
import type { AppContext } from '../context.ts';
import { teams } from '../db/schema.ts';
import { normaliseMembers, normaliseTeamConfig } from './defaults.ts';

const TEAM_INSTRUCTIONS = `You build workflows for n8n, the workflow-automation tool, from a plain description of what the user needs.

Ask the Workflow Architect to design the workflow: trigger, steps, data flow and error handling, with the n8n node search.
Ask the Integration Specialist to configure each node from its n8n definition and name the credentials it needs.
Ask the Workflow Validator to validate the workflow with n8n's validator and create it in the user's n8n.
Ask the Research Assistant when a service, API or n8n node is unfamiliar.

Answer with a short explanation in Markdown followed by the workflow as importable n8n JSON.`;

export const SEED_MEMBERS: TeamMember[] = [
  {
    name: 'Workflow Architect',
    role: 'Designs the n8n workflow: trigger, nodes, connections and error handling',
    type: 'agent',
    agent_config: {
      description: 'Turns a described process into a sound n8n workflow design.',
      instructions:
        'Start from the trigger. Use one node per step, name nodes after what they do, and connect them in order.\nAdd error handling for every external call.',
      expected_output: 'A valid n8n workflow JSON with nodes and connections, and a short explanation.',
      tools: [{ type: 'mcp', server_ids: ['n8n'], description: 'n8n workflow tools' }],
    },
  },
  {
    name: 'Integration Specialist',
    role: 'Configures the services the workflow connects to and their credentials',
    type: 'agent',
    agent_config: {
      description: 'Knows the APIs and n8n nodes of common services (GitHub, Slack, Google Sheets, HTTP APIs).',
      instructions:
        'For each service in the workflow, pick the matching n8n node, fill in its parameters and name the credentials it needs.\nPrefer built-in nodes over raw HTTP requests.',
      expected_output: 'Node parameters and the credentials each integration needs.',
      tools: [
        { type: 'mcp', server_ids: ['n8n'], description: "n8n's node definitions" },
        { type: 'http_request', description: 'Call HTTP APIs to check endpoints' },
      ],
    },
  },
  {
    name: 'Workflow Validator',
    role: "Validates the workflow with n8n's validator and creates it in your n8n",
    type: 'agent',
    agent_config: {
      description:
        "Checks every workflow with n8n's own validator before it is handed over, and deploys it when the user saved n8n credentials.",
      instructions:
        'Validate the whole workflow, repair what the validator reports, and say plainly what is still open.\nCreate workflows inactive, so the user reviews them first.',
      expected_output:
        'The validation result, the repairs made, and the link to the workflow in n8n when it was created.',
      tools: [{ type: 'mcp', server_ids: ['n8n'], description: 'n8n validation and instance tools' }],
    },
  },
  {
    name: 'Research Assistant',
    role: 'Looks up services, APIs and n8n nodes the team needs to know about',
    type: 'agent',
    agent_config: {
      description: 'Finds n8n node documentation and passages in the knowledge bases.',
      instructions: 'Search before answering, cite what you found and keep summaries short.',
      expected_output: 'A short summary with the sources used.',
      search_knowledge: true,
      tools: [{ type: 'n8n_docs' }, { type: 'browser' }],
    },
  },
];

export async function seedTeams(ctx: AppContext): Promise<void> {
  const members = normaliseMembers(SEED_MEMBERS);
  const now = ctx.now();
  // ON CONFLICT DO NOTHING keeps an existing team (edited, or owned by the first user) exactly as it is,
  // even when several instances start at once.
  await ctx.db
    .insert(teams)
    .values({
      id: ctx.config.TEAM_ID,
      ownerId: null,
      name: 'Workflow Automation Team',
      description:
        'Describe the automation you need and this team builds it as an n8n workflow: it designs the steps, configures the services it connects and researches what it does not know.',
      isPublic: true,
      modelId: 'gpt-4o',
      members,
      config: normaliseTeamConfig(
        { instructions: TEAM_INSTRUCTIONS, model_provider: 'openai', model_id: 'gpt-4o' },
        members,
      ),
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: teams.id });
}
