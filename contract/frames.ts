// The frames of a team run as a server sends them (SPEC §3 plus docs/PROTOCOL.md's additions), defined once as
// runtime schemas: the reference server builds every frame through the constructors below, its tests check each
// emitted frame against `wireFrameSchema` and read it with the SPA's parser (parseFrame.ts), and the shared types
// (ToolCall, MemberResponse, ReplyWorkflow, WireFrame) are inferred from these schemas, not written twice.
import { z } from './zod.ts';

const nonEmpty = z.string().check(z.minLength(1));
const timestamp = z.union([z.number(), z.string()]);

export const toolCallSchema = z.object({
  tool_call_id: nonEmpty,
  tool_name: nonEmpty,
  tool_args: z.record(z.string(), z.unknown()),
  result: z.optional(z.nullable(z.string())),
  output: z.optional(z.nullable(z.string())),
  tool_call_error: z.optional(z.nullable(z.union([z.boolean(), z.string()]))),
  metrics: z.optional(z.object({ time: z.optional(z.number()) })),
  created_at: z.optional(timestamp),
});
export type ToolCall = z.infer<typeof toolCallSchema>;

export const memberResponseSchema = z.object({
  member_id: z.optional(z.string()),
  member_name: z.optional(z.string()),
  agent_id: z.optional(z.string()),
  agent_name: z.optional(z.string()),
  content: z.string(),
  tools: z.optional(z.array(toolCallSchema)),
  model: z.optional(z.string()),
  created_at: z.optional(timestamp),
});
export type MemberResponse = z.infer<typeof memberResponseSchema>;

/** One node of an n8n workflow, as n8n's workflow JSON writes it. */
const workflowNodeSchema = z.object({
  id: z.optional(z.string()),
  name: z.string(),
  type: z.string(),
  typeVersion: z.optional(z.number()),
  position: z.optional(z.tuple([z.number(), z.number()])),
  parameters: z.optional(z.record(z.string(), z.unknown())),
  onError: z.optional(z.string()),
  webhookId: z.optional(z.string()),
});

const connectionSchema = z.object({ node: z.string(), type: z.string(), index: z.number() });

/** An importable n8n workflow (the JSON the reply also shows in its ```json block). */
export const workflowJsonSchema = z.object({
  name: z.string(),
  nodes: z.array(workflowNodeSchema),
  connections: z.record(z.string(), z.record(z.string(), z.array(z.nullable(z.array(connectionSchema))))),
  settings: z.optional(z.record(z.string(), z.unknown())),
});
export type WorkflowJson = z.infer<typeof workflowJsonSchema>;

/** The workflow a team reply built: the JSON, and the link to it when it was created in the user's n8n. */
export const replyWorkflowSchema = z.object({
  workflow: workflowJsonSchema,
  url: z.optional(z.nullable(z.string())),
});
export type ReplyWorkflow = z.infer<typeof replyWorkflowSchema>;

/** A file the team saved in the run (save_file): its owner downloads it at GET /api/v1/files/{file_id}. */
export const replyFileSchema = z.object({
  file_id: nonEmpty,
  original_filename: z.string(),
  size: z.int().check(z.gte(0)),
  content_type: z.optional(z.string()),
});
export type ReplyFile = z.infer<typeof replyFileSchema>;

/** What every frame may carry: the session, and the run with the frame's number in it (1, 2, 3, …). */
const frameIds = {
  session_id: z.optional(z.string()),
  run_id: z.optional(nonEmpty),
  seq: z.optional(z.int().check(z.gte(1))),
};

const startSchema = z.strictObject({ type: z.literal('start'), ...frameIds });

/** A tool call started or finished: the call, and every call of the run so far. */
const toolChunkSchema = z.strictObject({
  type: z.literal('chunk'),
  ...frameIds,
  event: z.enum(['ToolCallStarted', 'ToolCallCompleted']),
  active_tool: toolCallSchema,
  tools: z.array(toolCallSchema),
});

/** Text, the members' replies so far, or the workflow the run built. */
const dataChunkSchema = z.strictObject({
  type: z.literal('chunk'),
  ...frameIds,
  content: z.optional(z.string()),
  member_responses: z.optional(z.array(memberResponseSchema)),
  workflow: z.optional(replyWorkflowSchema),
});

const chunkSchema = z.union([toolChunkSchema, dataChunkSchema]);

const endSchema = z.strictObject({
  type: z.literal('end'),
  ...frameIds,
  event: z.literal('RunCompleted'),
  done: z.literal(true),
  tools: z.array(toolCallSchema),
  member_responses: z.array(memberResponseSchema),
  /** Home-team mode: the id of an existing team the reply names. */
  team_id: z.optional(z.string()),
  workflow: z.optional(replyWorkflowSchema),
  /** The run was stopped at the user's request (what it produced is kept). */
  stopped: z.optional(z.literal(true)),
  /** Files the team saved in the run, attached to the reply (absent when none). */
  files: z.optional(z.array(replyFileSchema)),
});

const errorSchema = z.strictObject({
  type: z.literal('error'),
  ...frameIds,
  /** A stable code (docs/PROTOCOL.md lists them); `error` and `message` carry the same readable text. */
  error_code: nonEmpty,
  error: z.string(),
  message: z.string(),
});

/** Every frame the reference server sends over `/teams/{id}/ws` and as NDJSON lines over HTTP. */
export const wireFrameSchema = z.union([startSchema, chunkSchema, endSchema, errorSchema]);
export type WireFrame = z.infer<typeof wireFrameSchema>;
export type StartFrame = z.infer<typeof startSchema>;
export type ChunkFrame = z.infer<typeof chunkSchema>;
type ToolChunkFrame = z.infer<typeof toolChunkSchema>;
type DataChunkFrame = z.infer<typeof dataChunkSchema>;
export type EndFrame = z.infer<typeof endSchema>;
export type ErrorFrame = z.infer<typeof errorSchema>;
export type NumberedFrame = WireFrame & { run_id: string; seq: number };

type KeysOf<U> = U extends unknown ? keyof U : never;
type FieldOf<U, K extends PropertyKey> = U extends unknown ? (K extends keyof U ? U[K] : never) : never;
/** A frame read loosely (tests, tools): its type, and every field of every kind as optional. */
export type StreamFrame = { [K in KeysOf<WireFrame>]?: FieldOf<WireFrame, K> } & { type: WireFrame['type'] };

type Fields<F> = Omit<F, 'type'>;

/** The frames a server builds, typed by the schema; nothing else makes a frame. */
export const frames = {
  start: (fields: Fields<StartFrame>): StartFrame => ({ type: 'start', ...fields }),
  chunk: (fields: Fields<DataChunkFrame>): ChunkFrame => ({ type: 'chunk', ...fields }),
  tool: (fields: Fields<ToolChunkFrame>): ChunkFrame => ({ type: 'chunk', ...fields }),
  end: (fields: Omit<Fields<EndFrame>, 'event' | 'done'>): EndFrame => ({
    type: 'end',
    event: 'RunCompleted',
    done: true,
    ...fields,
  }),
  error: (code: string, text: string, fields: Omit<Fields<ErrorFrame>, 'error_code' | 'error' | 'message'> = {}) =>
    ({ type: 'error', error_code: code, error: text, message: text, ...fields }) satisfies ErrorFrame,
};

/** Checks a frame against the schema: the readable reason it is not one, or null. */
export function wireFrameProblem(frame: unknown): string | null {
  const result = wireFrameSchema.safeParse(frame);
  return result.success ? null : z.prettifyError(result.error);
}
