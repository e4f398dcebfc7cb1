// The team on an OpenAI-compatible chat-completions API: coordinator and members are model calls, delegation and tools are functions.
import OpenAI from 'openai';
import type { ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions';
import type { MemberResponse, TeamMember } from '../../../../src/services/contract.ts';
import { memberId } from '../builtin/member.ts';
import { teamMembers } from '../builtin/engine.ts';
import { memberFunctions, type ToolEnv, type ToolFunction } from '../tools/catalog.ts';
import { invokeTool, ToolError } from '../tools/invoke.ts';
import type { EngineContext, RunEvent, RunInput, TeamEngine } from '../types.ts';
import { parseArguments, streamCompletion } from './stream.ts';
import { streamText } from '../pacing.ts';
import { parseValidation } from '../../workflows/validation.ts';

/** The n8n workflow in an answer's json code block, if it has one. */
function workflowIn(text: string): Record<string, unknown> | null {
  for (const m of text.matchAll(/```(?:json)?\n([\s\S]+?)\n```/g)) {
    try {
      const value = JSON.parse(m[1]!) as Record<string, unknown>;
      if (Array.isArray(value.nodes) && typeof value.connections === 'object' && value.connections !== null)
        return value;
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

function coordinatorPrompt(input: RunInput, members: TeamMember[]): string {
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
    "When the answer is an n8n workflow, give it whole as importable JSON in one ```json code block: it is checked with n8n's validator.",
  ]
    .filter(Boolean)
    .join('\n');
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
  ): AsyncGenerator<RunEvent, MemberResponse> {
    const agent = member.agent_config;
    const model = options.model ?? agent?.model_id ?? input.team.config?.model_id ?? input.team.model_id;
    const fns = await memberFunctions(agent, env, ctx.signal);
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
    for (let round = 0; round < MAX_MEMBER_ROUNDS; round++) {
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
            args,
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
    const messages: ChatCompletionMessageParam[] = [
      { role: 'system', content: coordinatorPrompt(input, members) },
      ...historyMessages(input),
      { role: 'user', content: userContent(input) },
    ];
    const tools = members.length ? [asTool(TRANSFER)] : [];
    for (let round = 0; round < MAX_COORDINATOR_ROUNDS; round++) {
      const reply = yield* streamCompletion(client, { model, messages, tools }, { signal: ctx.signal, emitText: true });
      if (!reply.toolCalls.length) {
        yield* validateAnswer(reply.text, messages, model, ctx);
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
            const response = yield* runMember(member, task, env, input, ctx);
            return response.content;
          },
          { services: ctx.services, signal: ctx.signal, charge: false, id: tc.id },
        );
        messages.push({ role: 'tool', tool_call_id: tc.id, content: String(call.result ?? '') });
      }
    }
  }

  /**
   * The workflow in the final answer goes through n8n's validator; its errors go back to the model, which answers
   * again (bounded), and what still fails is said in the answer.
   */
  async function* validateAnswer(
    answer: string,
    messages: ChatCompletionMessageParam[],
    model: string,
    ctx: EngineContext,
  ): AsyncGenerator<RunEvent> {
    const tools = await ctx.services.mcpTools('n8n', ctx.signal).catch(() => []);
    if (!tools.some((t) => t.name === 'validate_workflow')) return;
    let current = answer;
    for (let round = 0; ; round++) {
      const workflow = workflowIn(current);
      if (!workflow) return;
      const call = yield* invokeTool(
        'validate_workflow',
        { workflow },
        async () => {
          const result = await ctx.services.callMcp('n8n', 'validate_workflow', { workflow }, ctx.signal);
          if (result.isError) throw new ToolError(result.text);
          return result.text;
        },
        { services: ctx.services, signal: ctx.signal, charge: true },
      );
      const report = parseValidation(String(call.result ?? ''), Boolean(call.tool_call_error));
      const list = report.errors
        .slice(0, 10)
        .map((e) => `- ${e.node ? `**${e.node}**: ` : ''}${e.message}`)
        .join('\n');
      if (report.valid) {
        yield* streamText(
          `\n\n### Validated\nn8n's validator (\`validate_workflow\`) checked this workflow: no errors${report.warnings.length ? `, ${report.warnings.length} warning(s)` : ''}.`,
          ctx.streamDelayMs,
          ctx.signal,
        );
        return;
      }
      if (round >= MAX_REPAIR_ROUNDS) {
        yield* streamText(
          `\n\n### Validation\nn8n's validator (\`validate_workflow\`) still reports ${report.errors.length} error(s) the team could not repair:\n${list}`,
          ctx.streamDelayMs,
          ctx.signal,
        );
        return;
      }
      yield* streamText(
        `\n\n---\n\nn8n's validator found ${report.errors.length} problem(s) in this workflow, so the team corrects it:\n${list}\n\n`,
        ctx.streamDelayMs,
        ctx.signal,
      );
      messages.push(
        { role: 'assistant', content: current },
        {
          role: 'user',
          content: `n8n's validator (validate_workflow) reports these errors in your workflow:\n${list}\n\nAnswer again with the whole corrected workflow as a json code block.`,
        },
      );
      current = (yield* streamCompletion(
        client,
        { model, messages, tools: [] },
        { signal: ctx.signal, emitText: true },
      )).text;
    }
  }

  return { name: 'openai', localWork: false, run };
}
