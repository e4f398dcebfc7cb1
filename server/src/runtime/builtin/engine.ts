// The built-in team (deterministic, no model): the coordinator reads the request, its members design, configure,
// validate and deploy the n8n workflow through the real n8n MCP tools, and the answer explains it.
import type { MemberResponse, TeamMember, ToolCall } from '../../../../contract/types.ts';
import { streamText } from '../pacing.ts';
import { memberFunctions, type ToolEnv, type ToolFunction } from '../tools/catalog.ts';
import { invokeTool } from '../tools/invoke.ts';
import { RequestRefusedError, type EngineContext, type RunEvent, type RunInput, type TeamEngine } from '../types.ts';
import { NodeKnowledge } from '../../workflows/knowledge.ts';
import { ReadOverLimitsError, readSessionOffThread, type ReadLimits } from '../../workflows/intent/readOffThread.ts';
import { workflowIdOf } from '../deploy.ts';
import { clarifyingReply, composeReply } from '../../workflows/reply.ts';
import { teamRecommendation } from './answer.ts';
import { memberId, memberResponse, otherMemberCalls, runOtherMember, searchOwnKnowledge } from './member.ts';
import { checkDecisions, planDecisions, reasoningSteps } from './reasoning.ts';
import { assignPhases, PHASES, runPhase, type PhaseName, type WorkState } from './phases.ts';

export function teamMembers(input: RunInput): TeamMember[] {
  const fromConfig = input.team.config?.members;
  return fromConfig?.length ? fromConfig : input.team.members;
}

/** The request as the builder reads it: the message and the text of attached files. */
function requestText(input: RunInput): string {
  const files = input.files.filter((f) => f.text !== null).map((f) => f.text as string);
  return [input.message, ...files].join('\n\n');
}

function asksForTeam(message: string): boolean {
  // "Which team should I use?", "recommend a team for …": the team is what is asked for, not who the work is for
  // ("a Q&A bot for our team").
  // "a digest of what the team shipped" asks for no team.
  return /\b(?:which|what)\s+(?:(?!the\b|our\b|my\b|your\b)\w+\s+){0,2}team\b|\b(?:recommend|need|want|suggest|find)\w*\s+(?:me\s+|us\s+)?(?:a|an|the|one)\s+(?:\w+\s+){0,2}team\b/i.test(
    message,
  );
}

const TASKS: Record<PhaseName, string> = {
  design: 'Design the workflow: find the n8n node for every trigger and app the request names.',
  configure:
    'Configure every node from its n8n definition: version, resource, operation, required parameters, credential types.',
  validate:
    "Validate the workflow with n8n's validator, repair what it reports, and create it in the user's n8n when credentials are saved.",
};

async function* delegate(
  member: TeamMember,
  task: string,
  work: () => AsyncGenerator<RunEvent, MemberResponse>,
  context: EngineContext,
): AsyncGenerator<RunEvent> {
  const args = { member_id: memberId(member), task, expected_output: 'What you checked or built, in Markdown.' };
  yield* invokeTool(
    'transfer_task_to_member',
    args,
    async function* () {
      return (yield* work()).content;
    },
    { services: context.services, signal: context.signal, charge: false },
  );
}

/** Said when the request could not be read within the reader's limits (no time word: SPEC §8 maps those elsewhere). */
const TOO_COMPLEX =
  'The request is too long or too involved to read. Please describe the workflow in a shorter message: what starts it and each step it should take.';

async function* runBuiltin(input: RunInput, context: EngineContext, limits: ReadLimits): AsyncGenerator<RunEvent> {
  if (asksForTeam(input.message)) {
    yield* streamText(teamRecommendation(input.team), context.streamDelayMs, context.signal);
    return;
  }
  const request = requestText(input);
  // A follow-up edits the session's stored workflow; sessions from before workflows were stored replay their requests.
  const session = await readSessionOffThread(
    { stored: input.previous?.spec, requests: [...input.earlierRequests, request] },
    limits,
    context.signal,
  ).catch((error: unknown) => {
    if (error instanceof ReadOverLimitsError) throw new RequestRefusedError('request_too_complex', TOO_COMPLEX);
    throw error;
  });
  // A trigger alone is no workflow (n8n's validator rejects it): ask what should happen instead of guessing.
  if (!session.spec.steps.length && !session.edited) {
    yield* streamText(clarifyingReply(session.spec), context.streamDelayMs, context.signal);
    return;
  }
  const env: ToolEnv = { services: context.services, runId: input.runId, userId: input.userId, files: input.files };
  const members = teamMembers(input);
  const fns = new Map<TeamMember, ToolFunction[]>();
  for (const m of members) fns.set(m, await memberFunctions(m.agent_config, env, context.signal));
  const owners = assignPhases(members, fns);
  const link =
    input.previous?.workflow.url ?? /\]\((https?:\/\/[^)\s]+\/workflow\/[\w-]+)\)/.exec(input.lastReply ?? '')?.[1];
  const previousId = workflowIdOf(link);
  const state: WorkState = { spec: session.spec, knowledge: new NodeKnowledge<RunEvent>(), deployment: {}, previousId };
  const problem = await context.services.credentialProblem('n8n');
  if (problem)
    state.credentialProblem = `Your saved n8n credentials could not be used, so I did not create the workflow in your n8n: ${problem} Check the n8n Base URL and API key.`;
  const config = input.team.config;
  // The team's reasoning: the planner's decisions when they are made (after the design, after the check).
  const maxSteps = Math.max(1, config?.reasoning_max_steps ?? 10);
  const checkSteps = Math.max(1, Math.floor(maxSteps / 3));
  let stepsShown = 0;
  const think = async function* (thought: string, text: string): AsyncGenerator<RunEvent> {
    stepsShown += text.split(/\n\n(?=Step \d+\n)/).length;
    yield* invokeTool('think', { thought }, async () => text, {
      services: context.services,
      signal: context.signal,
      charge: false,
    });
  };
  // Without any member holding the n8n tools the coordinator uses them itself, so the workflow is still validated.
  const coordinatorFns = [...owners.values()].some((o) => o === null)
    ? await memberFunctions({ tools: [{ type: 'mcp', server_ids: ['n8n'] }] }, env, context.signal)
    : [];
  const phaseMembers = new Set<TeamMember>();
  const phaseKnowledge: string[] = [];
  const delegatePhase = (owner: TeamMember, phase: PhaseName): AsyncGenerator<RunEvent> => {
    phaseMembers.add(owner);
    // In collaborate mode every member is given the whole request; each still does its own part of it.
    const task = config?.mode === 'collaborate' ? input.message : TASKS[phase];
    return delegate(
      owner,
      task,
      async function* () {
        const calls: ToolCall[] = [];
        const found = yield* searchOwnKnowledge(fns.get(owner)!, request, context, calls);
        if (found) phaseKnowledge.push(found);
        const report = yield* runPhase(
          phase,
          state,
          fns.get(owner)!,
          context,
          calls,
          owner.agent_config?.tool_call_limit,
        );
        const response = memberResponse(owner, `**Task:** ${task}\n\n${report}`, calls);
        yield { kind: 'member_response', response, task };
        return response;
      },
      context,
    );
  };
  for (const phase of PHASES) {
    const owner = owners.get(phase) ?? null;
    if (state.unavailable) break;
    if (!owner) yield* runPhase(phase, state, coordinatorFns, context, []);
    else yield* delegatePhase(owner, phase);
    if (config?.reasoning && phase === 'design' && state.design)
      yield* think(
        'How I read the request',
        reasoningSteps(planDecisions(state.design), Math.max(1, maxSteps - checkSteps)),
      );
    if (config?.reasoning && phase === 'validate' && state.built && state.checked)
      yield* think(
        'What the check and the deployment found',
        reasoningSteps(checkDecisions(state.built, state.checked, state.deployment), checkSteps, stepsShown + 1),
      );
  }
  const nodeNames = state.built?.workflow.nodes.map((n) => n.name) ?? [];
  const responses: MemberResponse[] = [];
  for (const member of members.filter((m) => !phaseMembers.has(m))) {
    // A member whose tools have nothing to do for this request has no part: it is not called.
    const calls = otherMemberCalls(fns.get(member) ?? [], request, nodeNames, env);
    if (!calls.length) continue;
    const task =
      config?.mode === 'collaborate'
        ? input.message
        : `As ${member.role ?? member.name}, look up what the team needs for: ${input.message}`;
    yield* delegate(
      member,
      task,
      async function* () {
        const response = yield* runOtherMember(member, task, calls, context);
        responses.push(response);
        return response;
      },
      context,
    );
  }
  if (!state.built || !state.checked) {
    const why = state.unavailable?.split('\n')[0]!.slice(0, 300) ?? 'the n8n tool server did not answer.';
    yield* streamText(
      `The team did not build a workflow this time, because it could not check it against n8n's node definitions (a workflow it cannot check would only be a guess): ${why}\n\nPlease try again in a moment.`,
      context.streamDelayMs,
      context.signal,
    );
    return;
  }
  const knowledge = [
    ...phaseKnowledge,
    ...responses
      .flatMap((r) => r.tools ?? [])
      .filter((t) => t.tool_name === 'search_knowledge_base' && !t.tool_call_error && /^1\. /.test(String(t.result)))
      .map((t) => String(t.result).split('\n\n')[0]!.replace(/^1\. /, '')),
  ];
  const notes = [...(state.design?.notes ?? []), ...(state.credentialProblem ? [state.credentialProblem] : [])];
  const reply = composeReply({
    spec: state.design?.spec ?? state.spec,
    built: state.built,
    checked: state.checked,
    changes: session.changes,
    notes,
    deployment: state.deployment,
    knowledge,
    fileNames: input.files.map((f) => f.name),
  });
  yield {
    kind: 'workflow',
    workflow: state.built.workflow,
    spec: state.design?.spec ?? state.spec,
    url: state.deployment.url ?? null,
  };
  yield* streamText(reply, context.streamDelayMs, context.signal);
}

/** The built-in team; it reads each request in a worker thread within `limits`. */
export function createBuiltinEngine(limits: ReadLimits): TeamEngine {
  return { name: 'builtin', localWork: true, run: (input, context) => runBuiltin(input, context, limits) };
}
