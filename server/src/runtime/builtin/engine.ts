// The built-in team (no network, deterministic): a coordinator that delegates to members and builds an n8n workflow.
import type { MemberResponse, TeamMember } from '../../../../src/services/contract.ts';
import { streamText } from '../pacing.ts';
import type { ToolEnv } from '../tools/catalog.ts';
import { invokeTool } from '../tools/invoke.ts';
import type { EngineContext, RunEvent, RunInput, TeamEngine } from '../types.ts';
import { composeAnswer, teamRecommendation } from './answer.ts';
import { memberId, runMember, type MemberWork } from './member.ts';
import { planWorkflow } from './plan.ts';
import { buildWorkflow } from './workflow.ts';

export function teamMembers(input: RunInput): TeamMember[] {
  const fromConfig = input.team.config?.members;
  return fromConfig?.length ? fromConfig : input.team.members;
}

/** What the plan is read from: the message, the text of attached files and, with team history on, earlier requests. */
export function requestText(input: RunInput): string {
  const earlier = input.team.config?.enable_team_history
    ? input.history.filter((m) => m.role === 'user').map((m) => m.content)
    : [];
  const files = input.files.filter((f) => f.text !== null).map((f) => f.text as string);
  return [...earlier, input.message, ...files].join('\n\n');
}

function asksForTeam(message: string): boolean {
  return /\b(?:which|what|recommend|need|want|suggest|find)\b[^.?!]{0,40}\bteam\b/i.test(message);
}

function taskFor(member: TeamMember, message: string, mode: string): string {
  if (mode === 'collaborate') return message;
  const role = `${member.role ?? ''} ${member.name}`.toLowerCase();
  if (/architect|design/.test(role)) return `Design the trigger and steps of the workflow for: ${message}`;
  if (/integrat|connect/.test(role)) return `Check the connections and credentials the workflow needs for: ${message}`;
  if (/research|analy/.test(role)) return `Look up the nodes and any reference material relevant to: ${message}`;
  return `As ${member.role ?? member.name}, contribute to: ${message}`;
}

function reasoningSteps(min: number, max: number, work: MemberWork): string {
  const steps = [
    ['Read the request', `The request asks for: ${work.request.slice(0, 200).replace(/\s+/g, ' ')}`, 'Identify the trigger and the actions.'],
    ['Choose the trigger', `The plan starts with ${work.workflow.nodes[0]!.name}.`, 'Delegate the design to the members.'],
    ['Order the steps', `${work.workflow.nodes.length - 1} step(s) follow the trigger, in the order the request names them.`, 'Validate and explain the workflow.'],
  ];
  const count = Math.min(Math.max(steps.length, min), max);
  return Array.from({ length: count }, (_, i) => {
    const [title, reasoning, action] = steps[i] ?? ['Double-check', 'Each connection points at an existing node.', 'Continue.'];
    return `Step ${i + 1}\nTitle: ${title}\nReasoning: ${reasoning}\nAction: ${action}\nConfidence: 0.9`;
  }).join('\n\n');
}

async function* runBuiltin(input: RunInput, context: EngineContext): AsyncGenerator<RunEvent> {
  const options = { services: context.services, signal: context.signal };
  if (asksForTeam(input.message)) {
    yield* streamText(teamRecommendation(input.team), context.streamDelayMs, context.signal);
    return;
  }
  const request = requestText(input);
  const plan = planWorkflow(request);
  const work: MemberWork = { request, plan, workflow: buildWorkflow(plan) };
  const config = input.team.config;
  if (config?.reasoning) {
    const text = reasoningSteps(config.reasoning_min_steps ?? 1, config.reasoning_max_steps ?? 10, work);
    yield* invokeTool('think', { thought: 'Plan the workflow' }, async () => text, { ...options, charge: false });
  }
  const env: ToolEnv = { services: context.services, runId: input.runId, userId: input.userId, files: input.files };
  const responses: MemberResponse[] = [];
  for (const member of teamMembers(input)) {
    const task = taskFor(member, input.message, config?.mode ?? 'coordinate');
    const args = { member_id: memberId(member), task, expected_output: 'What you checked or built, in Markdown.' };
    yield* invokeTool(
      'transfer_task_to_member',
      args,
      async function* () {
        const response = yield* runMember(member, task, work, env, context);
        responses.push(response);
        return response.content;
      },
      { ...options, charge: false },
    );
  }
  const knowledge = responses
    .flatMap((r) => r.tools ?? [])
    .filter((t) => t.tool_name === 'search_knowledge_base' && !t.tool_call_error && /^1\. /.test(String(t.result)))
    .map((t) => String(t.result).split('\n\n')[0]!.replace(/^1\. /, ''));
  const answer = composeAnswer({ ...work, members: responses, knowledge, fileNames: input.files.map((f) => f.name) });
  yield* streamText(answer, context.streamDelayMs, context.signal);
}

export function createBuiltinEngine(): TeamEngine {
  return { name: 'builtin', localWork: true, run: runBuiltin };
}
