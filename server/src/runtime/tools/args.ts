// What a tool function is, and the argument checks every tool shares (tool arguments come from a model: untrusted).
import type { RunFile, ToolServices } from '../types.ts';
import { ToolError } from './invoke.ts';

export interface ToolEnv {
  services: ToolServices;
  runId: string;
  userId: string;
  /** The run's attachments, and the files the team saves during the run (save_file appends to it). */
  files: RunFile[];
}

type Property = { type: string; description: string; enum?: string[] };

export type JsonSchema = {
  type: 'object';
  properties: Record<string, Property>;
  required: string[];
};

export interface ToolFunction {
  /** The name the model calls it by (MCP tools: namespaced by server). */
  name: string;
  /** The name the timeline shows: the MCP tool's own name, else the function name. */
  toolName?: string;
  serverId?: string;
  description: string;
  parameters: JsonSchema | Record<string, unknown>;
  execute(args: Record<string, unknown>): Promise<string>;
  /** The arguments as the timeline shows them (secrets masked); absent when they are shown as given. */
  shownArgs?(args: Record<string, unknown>): Record<string, unknown>;
}

/** The arguments a timeline entry of `fn` shows. */
export const argsShown = (fn: ToolFunction | undefined, args: Record<string, unknown>): Record<string, unknown> =>
  fn?.shownArgs ? fn.shownArgs(args) : args;

/** A schema of string properties, all required. */
export const schema = (props: Record<string, string>): JsonSchema => ({
  type: 'object',
  properties: Object.fromEntries(Object.entries(props).map(([k, d]) => [k, { type: 'string', description: d }])),
  required: Object.keys(props),
});

export const str = (args: Record<string, unknown>, key: string, max = 4000): string => {
  const value = args[key];
  if (typeof value !== 'string' || !value.trim())
    throw new ToolError(`The argument "${key}" must be a non-empty string.`);
  const text = value.trim();
  if (text.length > max) throw new ToolError(`The argument "${key}" is longer than ${max} characters.`);
  return text;
};

/** An optional string argument: absent, null or empty is undefined. */
export const optionalStr = (args: Record<string, unknown>, key: string, max: number): string | undefined => {
  const value = args[key];
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw new ToolError(`The argument "${key}" must be a string.`);
  if (value.length > max) throw new ToolError(`The argument "${key}" is longer than ${max} characters.`);
  return value;
};
