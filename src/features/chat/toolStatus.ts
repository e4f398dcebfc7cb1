// A tool's place on the timeline (SPEC §4): running, completed or error; a "None" result still counts as running.
import type { ToolCall } from '../../../contract/types';

export type ToolRunStatus = 'running' | 'completed' | 'error';

export function toolOutput(tool: ToolCall): string | null {
  return tool.result ?? tool.output ?? null;
}

export function toolRunStatus(tool: ToolCall, reportedComplete: boolean): ToolRunStatus {
  if (tool.tool_call_error) return 'error';
  const output = toolOutput(tool);
  if (output !== null && output.trim() === 'None') return 'running';
  return reportedComplete || output !== null ? 'completed' : 'running';
}
