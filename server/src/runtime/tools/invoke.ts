// Runs one tool call: pays for it, reports it as started and completed, and times it.
import { randomUUID } from 'node:crypto';
import type { ToolCall } from '../../../../contract/types.ts';
import { OutOfCreditsError, ProviderError, type RunEvent, type ToolServices } from '../types.ts';
import { McpUnavailableError } from '../../mcp/types.ts';

/** A failure the tool reports to the agent (stored as a tool error), as opposed to a crash of the run. */
export class ToolError extends Error {}

export interface InvokeOptions {
  services: ToolServices;
  signal: AbortSignal;
  /** Delegation and the coordinator's own reasoning are part of the run's price; member tools cost extra. */
  charge: boolean;
  id?: string;
}

export async function* invokeTool(
  name: string,
  args: Record<string, unknown>,
  execute: () => Promise<string> | AsyncGenerator<RunEvent, string>,
  options: InvokeOptions,
): AsyncGenerator<RunEvent, ToolCall> {
  if (options.charge) await options.services.chargeToolCall(name);
  const call: ToolCall = {
    tool_call_id: options.id ?? `call_${randomUUID().replace(/-/g, '').slice(0, 24)}`,
    tool_name: name,
    tool_args: args,
    result: null,
    tool_call_error: false,
    created_at: Math.floor(Date.now() / 1000),
  };
  yield { kind: 'tool_started', call: { ...call } };
  const started = performance.now();
  try {
    const running = execute();
    // Delegation runs a whole member inside one call: its own events pass through.
    call.result = running instanceof Promise ? await running : yield* running;
  } catch (error) {
    if (options.signal.aborted || error instanceof OutOfCreditsError || error instanceof ProviderError) throw error;
    // Internal failures are not shown to the agent or the user verbatim; they may name internals.
    call.result =
      error instanceof ToolError || error instanceof McpUnavailableError
        ? error.message
        : `The tool ${name} failed unexpectedly.`;
    call.tool_call_error = true;
  }
  call.metrics = { time: Math.round(performance.now() - started) / 1000 };
  yield { kind: 'tool_completed', call: { ...call } };
  return call;
}
