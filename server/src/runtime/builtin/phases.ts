// The built-in team's workflow work, split the way its members are: one designs (node search), one configures
// (node definitions, credentials), one validates and deploys. Each phase's tool calls are real n8n MCP calls.
import type { TeamMember, ToolCall } from '../../../../contract/types.ts';
import { design, configure, validate, type Built, type Checked, type Design } from '../../workflows/builder.ts';
import { KnowledgeUnavailableError, type NodeKnowledge, type ToolCaller } from '../../workflows/knowledge.ts';
import type { WorkflowSpec } from '../../workflows/spec.ts';
import type { Deployment } from '../../workflows/reply.ts';
import { shownResult, type ToolFunction } from '../tools/catalog.ts';
import { invokeTool } from '../tools/invoke.ts';
import { deployWorkflow } from '../deploy.ts';
import type { EngineContext, RunEvent } from '../types.ts';

export type PhaseName = 'design' | 'configure' | 'validate';
export const PHASES: PhaseName[] = ['design', 'configure', 'validate'];

const ROLE: Record<PhaseName, RegExp> = {
  design: /architect|design|plan/,
  configure: /integrat|config|special|engineer|builder/,
  validate: /valid|qa|quality|test|deploy|review/,
};

export interface WorkState {
  spec: WorkflowSpec;
  knowledge: NodeKnowledge<RunEvent>;
  design?: Design;
  built?: Built;
  checked?: Checked;
  deployment: Deployment;
  /** The workflow id in the user's n8n from the session's last reply (a follow-up updates it). */
  previousId: string | null;
  /** Set when n8n's node knowledge could not be read: the remaining phases are skipped. */
  unavailable?: string;
  /** Why the user's saved n8n credentials could not be used this run (the docs tools still work without them). */
  credentialProblem?: string;
}

const hasN8n = (fns: ToolFunction[]) => fns.some((f) => f.serverId === 'n8n' && f.toolName === 'search_nodes');

/** Which member does each phase: by role, else any member with the n8n tools; null means the coordinator. */
export function assignPhases(
  members: TeamMember[],
  fns: Map<TeamMember, ToolFunction[]>,
): Map<PhaseName, TeamMember | null> {
  const able = members.filter((m) => hasN8n(fns.get(m) ?? []));
  const owners = new Map<PhaseName, TeamMember | null>();
  for (const phase of PHASES) {
    const byRole = able.find(
      (m) => ROLE[phase].test(`${m.role ?? ''} ${m.name}`.toLowerCase()) && ![...owners.values()].includes(m),
    );
    owners.set(phase, byRole ?? able.find((m) => ![...owners.values()].includes(m)) ?? able[0] ?? null);
  }
  return owners;
}

function callerFor(
  fns: ToolFunction[],
  context: EngineContext,
  calls: ToolCall[],
  limit: number | null | undefined,
): ToolCaller<RunEvent> {
  return async function* (tool, args) {
    const fn = fns.find((f) => f.serverId === 'n8n' && f.toolName === tool);
    if (!fn) return { text: `The ${tool} tool is not available.`, isError: true };
    if (typeof limit === 'number' && calls.length >= limit) {
      throw new KnowledgeUnavailableError(
        `A member reached its tool call limit (${limit}) before the workflow could be checked against n8n's node definitions; raise the limit in the agent's settings.`,
      );
    }
    let full = '';
    const call = yield* invokeTool(
      tool,
      args,
      async () => {
        full = await fn.execute(args);
        return shownResult(full);
      },
      { services: context.services, signal: context.signal, charge: true },
    );
    calls.push(call);
    return call.tool_call_error ? { text: String(call.result ?? ''), isError: true } : { text: full, isError: false };
  };
}

async function* deploy(
  state: WorkState,
  call: ToolCaller<RunEvent>,
  fns: ToolFunction[],
  context: EngineContext,
): AsyncGenerator<RunEvent, string> {
  const tools = fns.filter((f) => f.serverId === 'n8n').map((f) => f.toolName ?? f.name);
  const { deployment, report } = yield* deployWorkflow(
    { workflow: state.built!.workflow, valid: Boolean(state.checked?.usable), previousId: state.previousId, tools },
    call,
    context.services,
  );
  state.deployment = deployment;
  return report;
}

/** Runs one phase with a member's (or the coordinator's) tools; returns the member's report. */
export async function* runPhase(
  phase: PhaseName,
  state: WorkState,
  fns: ToolFunction[],
  context: EngineContext,
  calls: ToolCall[],
  limit?: number | null,
): AsyncGenerator<RunEvent, string> {
  try {
    return yield* phaseWork(phase, state, fns, context, calls, limit);
  } catch (error) {
    if (!(error instanceof KnowledgeUnavailableError)) throw error;
    state.unavailable = error.message;
    return `Stopped: ${error.message.split('\n')[0]!.slice(0, 300)}`;
  }
}

async function* phaseWork(
  phase: PhaseName,
  state: WorkState,
  fns: ToolFunction[],
  context: EngineContext,
  calls: ToolCall[],
  limit?: number | null,
): AsyncGenerator<RunEvent, string> {
  const call = callerFor(fns, context, calls, limit);
  switch (phase) {
    case 'design': {
      state.design = yield* design(state.spec, call, state.knowledge);
      const types = [...new Set(state.design.plan.nodes.map((n) => n.type).filter(Boolean))];
      return [
        `Read the request: trigger **${state.spec.trigger.kind}**, ${state.spec.steps.length} step(s) at the top level.`,
        `Planned ${state.design.plan.nodes.length} nodes from n8n's catalogue: ${types.map((t) => `\`${t}\``).join(', ')}.`,
        ...state.design.notes,
      ].join('\n\n');
    }
    case 'configure': {
      state.built = yield* configure(state.design!, call, state.knowledge);
      const creds = [...new Set(state.built.credentials.map((c) => c.type))];
      return [
        `Configured ${state.built.workflow.nodes.length} nodes from their n8n definitions (versions, resources, operations, required parameters).`,
        creds.length ? `Credentials needed: ${creds.map((c) => `\`${c}\``).join(', ')}.` : 'No credentials are needed.',
      ].join('\n\n');
    }
    case 'validate': {
      state.checked = yield* validate(state.built!, call, state.knowledge);
      const r = state.checked.report;
      const verdict = r.valid
        ? 'valid'
        : state.checked.usable
          ? 'valid once the settings you pick are filled in'
          : `${r.errors.length} error(s) left`;
      const deployed = yield* deploy(state, call, fns, context);
      return [
        `\`validate_workflow\`: ${verdict}; ${r.warnings.length} warning(s).`,
        ...state.checked.repaired.map((x) => `Repaired: ${x}`),
        deployed,
      ].join('\n\n');
    }
  }
}
