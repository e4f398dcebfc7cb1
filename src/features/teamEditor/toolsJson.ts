// Tools editor rules of SPEC §5: the JSON text must parse, be an array, and give every tool a "type".
import type { ToolEntry } from '../../../contract/types';

const TOOLS_TEXT = {
  invalidJson: 'Invalid JSON format',
  notArray: 'Tools must be an array',
  missingType: 'Each tool must have a "type" field',
} as const;

export type ToolsParse = { ok: true; tools: ToolEntry[] } | { ok: false; error: string };

export function parseToolsJson(text: string): ToolsParse {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, error: TOOLS_TEXT.invalidJson };
  }
  if (!Array.isArray(value)) return { ok: false, error: TOOLS_TEXT.notArray };
  const typed = value.every(
    (tool) =>
      tool !== null &&
      typeof tool === 'object' &&
      typeof (tool as { type?: unknown }).type === 'string' &&
      (tool as { type: string }).type.trim() !== '',
  );
  if (!typed) return { ok: false, error: TOOLS_TEXT.missingType };
  return { ok: true, tools: value as ToolEntry[] };
}

/** The confirmation under a valid, non-empty tools list; empty lists show nothing. */
export function validToolsMessage(count: number): string | null {
  return count > 0 ? `Valid configuration with ${count} tool(s)` : null;
}

export function toolsToJson(tools: readonly ToolEntry[]): string {
  return JSON.stringify(tools, null, 2);
}
