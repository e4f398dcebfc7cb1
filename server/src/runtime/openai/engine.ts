// The team on an OpenAI-compatible chat-completions API: coordinator and members are model calls, delegation and tools are functions.
import OpenAI from 'openai';
import type { ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions';
import type { MemberResponse, TeamMember } from '../../../../contract/types.ts';
import { memberId } from '../builtin/member.ts';
import { teamMembers } from '../builtin/engine.ts';
import { argsShown } from '../tools/args.ts';
import { memberFunctions, type ToolEnv, type ToolFunction } from '../tools/catalog.ts';
import { invokeTool, ToolError } from '../tools/invoke.ts';
import type { EngineContext, RunEvent, RunInput, TeamEngine } from '../types.ts';
import { parseArguments, streamCompletion } from './stream.ts';
import { streamText } from '../pacing.ts';
import type { N8nWorkflow } from '../../workflows/n8nJson.ts';
import type { ToolCaller } from '../../workflows/knowledge.ts';
import { workflowSections } from '../../workflows/reply.ts';
import { deployWorkflow, workflowIdOf } from '../deploy.ts';
import { ModelBuild } from './builderFunctions.ts';

/** The n8n workflow in an answer's json code block, if it has one. */
function workflowIn(text: string): N8nWorkflow | null {
  for (const m of text.matchAll(/```(?:json)?\n([\s\S]+?)\n```/g)) {
    try {
      const value = JSON.parse(m[1]!) as Record<string, unknown>;
      if (Array.isArray(value.nodes) && typeof value.connections === 'object' && value.connections !== null)
        return value as unknown as N8nWorkflow;
    } catch {
      // Not JSON: the next block may be.
    }
  }
  return null;
}

export interface OpenAIEngineOptions {
  apiKey: string;
  baseURL?: string;
  /** Overrides the team's and agents' model ids (a local server usually serves one model). */
  model?: string;
  maxRetries?: number;
  timeoutMs?: number;
}

/** Bounds on model round trips, so a model that keeps calling functions cannot run forever. */
const MAX_COORDINATOR_ROUNDS = 6;
const MAX_MEMBER_ROUNDS = 6;
/** A member building a workflow makes one call per node and connection: it gets more rounds. */
const MAX_BUILDER_ROUNDS = 16;
/** Rounds in which the model may repair a workflow n8n's validator rejected. */
const MAX_REPAIR_ROUNDS = 2;

const asTool = (fn: Pick<ToolFunction, 'name' | 'description' | 'parameters'>): ChatCompletionTool => ({
  type: 'function',
  function: { name: fn.name, description: fn.description, parameters: fn.parameters },
});

const TRANSFER = {
  name: 'transfer_task_to_member',
  description: "Gives a task to one team member and returns the member's answer.",
  parameters: {
    type: 'object' as const,
    properties: {
      member_id: { type: 'string', description: 'The member id, from the list of members' },
      task: { type: 'string', description: 'What the member should do, with all the context it needs' },
      expected_output: { type: 'string', description: 'What the answer should contain' },
    },
    required: ['member_id', 'task', 'expected_output'],
  },
};

function coordinatorPrompt(input: RunInput, members: TeamMember[], build: ModelBuild): string {
  const config = input.team.config;
  const mode =
    config?.mode === 'collaborate'
      ? 'Give the same task to every member, then combine their answers.'
      : 'Delegate each part of the request to the member best suited to it, then write the final answer.';
  return [
    `You coordinate the team "${input.team.name}". ${input.team.description ?? ''}`.trim(),
    config?.instructions ?? '',
    mode,
    'Members (use member_id with transfer_task_to_member):',
    ...members.map((m) => `- ${memberId(m)}: ${m.agent_config?.name ?? m.name}${m.role ? `, ${m.role}` : ''}`),
    config?.markdown === false ? '' : 'Format the final answer in Markdown.',
    "When the request is an automation, have the member with the n8n tools build it with the workflow_* functions (search_nodes and get_node find each node and its parameters; workflow_add_node, workflow_connect_nodes, workflow_set_node_parameters; workflow_validate until it reports no errors). Then explain the workflow in your answer; the team appends the validated workflow and imports it into the user's n8n when it can. A member without those functions may give the workflow whole as importable JSON in one ```json code block instead.",
    build.draft.nodes.length
      ? `The session already has a workflow, "${build.draft.name}"; a follow-up edits it (workflow_get shows it): ${build.draft.nodes.map((n) => n.name).join(', ')}.`
      : '',
  ]
    .filter(Boolean)
    .join('\n');
}

/** The session's workflow a follow-up edits: the one stored with the last reply, else the last reply's json block. */
function startingWorkflow(input: RunInput): N8nWorkflow | null {
  const stored = input.previous?.workflow.workflow;
  if (stored && Array.isArray(stored.nodes)) return stored as unknown as N8nWorkflow;
  return input.lastReply ? workflowIn(input.lastReply) : null;
}

function userContent(input: RunInput): string {
  const files = input.files.map((f) =>
    f.text === null ? `Attached file ${f.name} (${f.contentType}, not text).` : `Attached file ${f.name}:\n${f.text}`,
  );
  return [input.message, ...files].join('\n\n');
}

function historyMessages(input: RunInput): ChatCompletionMessageParam[] {
  return input.history
    .filter((m) => (m.role === 'user' || m.role === 'team_response' || m.role === 'assistant') && m.content)
    .map((m) =>
      m.role === 'user'
        ? { role: 'user' as const, content: m.content }
        : { role: 'assistant' as const, content: m.content },
    );
}

export function createOpenAIEngine(options: OpenAIEngineOptions): TeamEngine {
  const client = new OpenAI({
    apiKey: options.apiKey,
    baseURL: options.baseURL,
    maxRetries: options.maxRetries ?? 2,
    timeout: options.timeoutMs ?? 120_000,
  });

  async function* runMember(
    member: TeamMember,
    task: string,
    env: ToolEnv,
    input: RunInput,
    ctx: EngineContext,
    build: ModelBuild,
  ): AsyncGenerator<RunEvent, MemberResponse> {
    const agent = member.agent_config;
    const model = options.model ?? agent?.model_id ?? input.team.config?.model_id ?? input.team.model_id;
    const own = await memberFunctions(agent, env, ctx.signal);
    // A member with n8n's node tools builds the run's workflow with the builder's operations.
    const builds = own.some((f) => f.serverId === 'n8n' && f.toolName === 'get_node');
    const fns = builds ? [...own, ...build.functions()] : own;
    const limit = typeof agent?.tool_call_limit === 'number' ? agent.tool_call_limit : Infinity;
    const messages: ChatCompletionMessageParam[] = [
      {
        role: 'system',
        content:
          [
            agent?.description,
            agent?.instructions,
            agent?.expected_output && `Expected output: ${agent.expected_output}`,
          ]
            .filter(Boolean)
            .join('\n\n') || `You are ${member.name}.`,
      },
      { role: 'user', content: task },
    ];
    const calls: NonNullable<MemberResponse['tools']> = [];
    let content = '';
    for (let round = 0; round < (builds ? MAX_BUILDER_ROUNDS : MAX_MEMBER_ROUNDS); round++) {
      const reply = yield* streamCompletion(
        client,
        { model, messages, tools: calls.length < limit ? fns.map(asTool) : [] },
        { signal: ctx.signal, emitText: false },
      );
      content = reply.text;
      if (!reply.toolCalls.length) break;
      messages.push({
        role: 'assistant',
        content: reply.text || null,
        tool_calls: reply.toolCalls.map((c) => ({
          id: c.id,
          type: 'function',
          function: { name: c.name, arguments: c.arguments },
        })),
      });
      for (const tc of reply.toolCalls) {
        const fn = fns.find((f) => f.name === tc.name);
        const args = parseArguments(tc.arguments);
        let result: string;
        if (calls.length >= limit) result = 'Tool call limit reached; answer with what you have.';
        else {
          const call = yield* invokeTool(
            fn?.toolName ?? tc.name,
            argsShown(fn, args),
            async () => {
              if (!fn) throw new ToolError(`Unknown tool ${tc.name}.`);
              return fn.execute(args);
            },
            { services: ctx.services, signal: ctx.signal, charge: Boolean(fn), id: tc.id },
          );
          calls.push(call);
          result = String(call.result ?? '');
        }
        messages.push({ role: 'tool', tool_call_id: tc.id, content: result });
      }
    }
    const response: MemberResponse = {
      member_id: memberId(member),
      member_name: agent?.name ?? member.name,
      content,
      tools: calls,
      model,
      created_at: Math.floor(Date.now() / 1000),
    };
    yield { kind: 'member_response', response, task };
    return response;
  }

  async function* run(input: RunInput, ctx: EngineContext): AsyncGenerator<RunEvent> {
    const members = teamMembers(input);
    const model = options.model ?? input.team.config?.model_id ?? input.team.model_id;
    const env: ToolEnv = { services: ctx.services, runId: input.runId, userId: input.userId, files: input.files };
    const build = new ModelBuild(ctx.services, ctx.signal, startingWorkflow(input));
    const messages: ChatCompletionMessageParam[] = [
      { role: 'system', content: coordinatorPrompt(input, members, build) },
      ...historyMessages(input),
      { role: 'user', content: userContent(input) },
    ];
    const tools = members.length ? [asTool(TRANSFER)] : [];
    for (let round = 0; round < MAX_COORDINATOR_ROUNDS; round++) {
      const reply = yield* streamCompletion(client, { model, messages, tools }, { signal: ctx.signal, emitText: true });
      if (!reply.toolCalls.length) {
        yield* finishWorkflow({ answer: reply.text, messages, model, ctx, build, input, members, env });
        return;
      }
      messages.push({
        role: 'assistant',
        content: reply.text || null,
        tool_calls: reply.toolCalls.map((c) => ({
          id: c.id,
          type: 'function',
          function: { name: c.name, arguments: c.arguments },
        })),
      });
      for (const tc of reply.toolCalls) {
        const args = parseArguments(tc.arguments);
        const call = yield* invokeTool(
          tc.name,
          args,
          async function* () {
            if (tc.name !== TRANSFER.name) throw new ToolError(`Unknown function ${tc.name}; use ${TRANSFER.name}.`);
            const member = members.find((m) => memberId(m) === args.member_id || m.name === args.member_id);
            if (!member) throw new ToolError(`No member has the id ${String(args.member_id)}.`);
            const task = typeof args.task === 'string' && args.task.trim() ? args.task : input.message;
            const response = yield* runMember(member, task, env, input, ctx, build);
            return response.content;
          },
          { services: ctx.services, signal: ctx.signal, charge: false, id: tc.id },
        );
        messages.push({ role: 'tool', tool_call_id: tc.id, content: String(call.result ?? '') });
      }
    }
  }

  /**
   * After the answer: the workflow the members built (or the answer's JSON block) is validated with n8n's validator
   * and repaired from the definitions; what still fails goes back to the building member (bounded); then it is
   * deployed to the user's n8n like the built-in team's, reported as data, and appended to the answer.
   */
  async function* finishWorkflow(run: {
    answer: string;
    messages: ChatCompletionMessageParam[];
    model: string;
    ctx: EngineContext;
    build: ModelBuild;
    input: RunInput;
    members: TeamMember[];
    env: ToolEnv;
  }): AsyncGenerator<RunEvent> {
    const { ctx, input } = run;
    let build = run.build;
    const tools = (await ctx.services.mcpTools('n8n', ctx.signal).catch(() => [])).map((t) => t.name);
    if (!tools.includes('validate_workflow')) return;
    const answered = workflowIn(run.answer);
    // A model that wrote the workflow as JSON instead of building it: that JSON is the draft.
    if (answered && (!build.edited || !build.draft.nodes.length))
      build = new ModelBuild(ctx.services, ctx.signal, answered);
    if (!build.draft.nodes.length) return;
    const call = mcpCaller(ctx);
    const builder = run.members.find((m) =>
      m.agent_config?.tools?.some((t) => t.type === 'mcp' && t.server_ids?.includes('n8n')),
    );
    let checked = yield* build.validate(call);
    for (let round = 0; !checked.report.valid && round < MAX_REPAIR_ROUNDS; round++) {
      const list = checked.report.errors
        .slice(0, 10)
        .map((e) => `- ${e.node ? `**${e.node}**: ` : ''}${e.message}`)
        .join('\n');
      yield* streamText(
        `\n\n---\n\nn8n's validator found ${checked.report.errors.length} problem(s) in this workflow, so the team corrects it:\n${list}\n\n`,
        ctx.streamDelayMs,
        ctx.signal,
      );
      const task = `n8n's validator (validate_workflow) reports these errors in the workflow:\n${list}\n\nCorrect them.`;
      if (builder)
        yield* runMember(
          builder,
          `${task} Use the workflow_* functions on the workflow as it is now.`,
          run.env,
          input,
          ctx,
          build,
        );
      else {
        run.messages.push(
          { role: 'assistant', content: run.answer },
          { role: 'user', content: `${task} Answer again with the whole corrected workflow as a json code block.` },
        );
        const again = (yield* streamCompletion(
          client,
          { model: run.model, messages: run.messages, tools: [] },
          { signal: ctx.signal, emitText: true },
        )).text;
        const fixed = workflowIn(again);
        if (fixed) build = new ModelBuild(ctx.services, ctx.signal, fixed);
      }
      checked = yield* build.validate(call);
    }
    const built = build.built();
    const { deployment, report } = yield* deployWorkflow(
      {
        workflow: built.workflow,
        valid: checked.report.valid,
        previousId: workflowIdOf(input.previous?.workflow.url),
        tools,
      },
      call,
      ctx.services,
    );
    yield { kind: 'workflow', workflow: built.workflow, spec: null, url: deployment.url ?? null };
    const notes = deployment.problem || !deployment.url ? [] : [report];
    yield* streamText(
      `\n\n${workflowSections({ built, checked, deployment, notes: notes.slice(0, 0) }).join('\n')}`,
      ctx.streamDelayMs,
      ctx.signal,
    );
  }

  /** A real n8n tool call from the engine itself, shown in the timeline. */
  function mcpCaller(ctx: EngineContext): ToolCaller<RunEvent> {
    return async function* (tool, args) {
      let text = '';
      const call = yield* invokeTool(
        tool,
        args,
        async () => {
          const result = await ctx.services.callMcp('n8n', tool, args, ctx.signal);
          text = result.text;
          if (result.isError) throw new ToolError(result.text);
          return result.text.length > 2000 ? `${result.text.slice(0, 2000)}…` : result.text;
        },
        { services: ctx.services, signal: ctx.signal, charge: true },
      );
      return { text: call.tool_call_error ? String(call.result ?? '') : text, isError: Boolean(call.tool_call_error) };
    };
  }

  return { name: 'openai', localWork: false, run };
}
