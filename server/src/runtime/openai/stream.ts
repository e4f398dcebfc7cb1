// One streamed chat completion: text deltas pass through as events, tool-call deltas are put back together.
import type OpenAI from 'openai';
import type { ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions';
import type { RunEvent } from '../types.ts';
import { providerError } from './errors.ts';

export interface AssembledToolCall {
  id: string;
  name: string;
  arguments: string;
}

export interface Completion {
  text: string;
  toolCalls: AssembledToolCall[];
}

export async function* streamCompletion(
  client: OpenAI,
  request: { model: string; messages: ChatCompletionMessageParam[]; tools: ChatCompletionTool[] },
  options: { signal: AbortSignal; emitText: boolean },
): AsyncGenerator<RunEvent, Completion> {
  let text = '';
  const calls = new Map<number, AssembledToolCall>();
  try {
    const stream = await client.chat.completions.create(
      {
        model: request.model,
        messages: request.messages,
        stream: true,
        ...(request.tools.length ? { tools: request.tools } : {}),
      },
      { signal: options.signal },
    );
    for await (const chunk of stream) {
      const delta = chunk.choices[0]?.delta;
      if (!delta) continue;
      if (delta.content) {
        text += delta.content;
        if (options.emitText) yield { kind: 'text', delta: delta.content };
      }
      for (const part of delta.tool_calls ?? []) {
        const call = calls.get(part.index) ?? { id: '', name: '', arguments: '' };
        if (part.id) call.id = part.id;
        if (part.function?.name) call.name += part.function.name;
        if (part.function?.arguments) call.arguments += part.function.arguments;
        calls.set(part.index, call);
      }
    }
  } catch (error) {
    throw providerError(error, request.model) ?? error;
  }
  const toolCalls = [...calls.entries()]
    .sort(([a], [b]) => a - b)
    .map(([index, call]) => ({ ...call, id: call.id || `call_${index}` }));
  return { text, toolCalls };
}

/** Arguments a model sent; malformed JSON becomes an empty object the tool then rejects clearly. */
export function parseArguments(raw: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(raw || '{}');
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
