// The team-chat socket frames (SPEC §3) as one discriminated union, and the parser that admits only well-formed ones.
import { z } from './zod.ts';
import type { MemberResponse, ReplyFile, ReplyWorkflow, ToolCall } from './types.ts';

export type ToolEvent = 'ToolCallStarted' | 'ToolCallCompleted';

interface FrameIds {
  session_id: string | null;
  team_id: string | null;
  /** The run the frame belongs to and its number in it (docs/PROTOCOL.md); null from servers that do not number. */
  run: FramePosition | null;
}

export interface FramePosition {
  run_id: string;
  /** 1, 2, 3, … within the run. */
  seq: number;
}

interface FramePayload {
  /** A text delta; empty when the frame carries none. */
  content: string;
  tools: ToolCall[];
  member_responses: MemberResponse[];
  done: boolean;
  /** The workflow the run built (docs/PROTOCOL.md); a malformed one is dropped, not the frame. */
  workflow?: ReplyWorkflow;
  /** An end frame of a run stopped at the user's request (from this tab or another). */
  stopped: boolean;
  /** Files the team saved in the run (docs/PROTOCOL.md); malformed entries are dropped. */
  files?: ReplyFile[];
}

type FrameEventPart = { event: null } | { event: ToolEvent; active_tool: ToolCall } | { event: 'RunCompleted' };

export type StartFrame = FrameIds & { type: 'start' };
export type ChunkFrame = FrameIds & FramePayload & FrameEventPart & { type: 'chunk' };
export type EndFrame = FrameIds & FramePayload & FrameEventPart & { type: 'end' };
/** `type: "error"`, or any frame that carries an `error` field: the raw error fields, mapped later (SPEC §8). */
export type ErrorFrame = FrameIds & {
  type: 'error';
  /** Sent as `type: "error"` (a structured error) rather than as a bare `error` field on another frame. */
  structured: boolean;
  error: unknown;
  error_code: string | null;
  message: string | null;
  detail: unknown;
};

export type Frame = StartFrame | ChunkFrame | EndFrame | ErrorFrame;

export type RejectionKind = 'not-json' | 'not-an-object' | 'unknown-type' | 'unknown-event' | 'missing-fields';

export type ParseResult = { ok: true; frame: Frame } | { ok: false; kind: RejectionKind; detail: string };

export function assertNever(value: never): never {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
}

const FRAME_TYPES = ['start', 'chunk', 'end', 'error'] as const;
const FRAME_EVENTS = ['ToolCallStarted', 'ToolCallCompleted', 'RunCompleted'] as const;

/** Tool output arrives as text; a server that sends structured output gets it as JSON text. */
const textish = z.pipe(
  z.unknown(),
  z.transform((value): string | null => {
    if (value === undefined || value === null) return null;
    return typeof value === 'string' ? value : JSON.stringify(value);
  }),
);

const timeish = z.optional(z.union([z.number(), z.string()]));
const nonEmpty = z.string().check(z.minLength(1));

const toolCallSchema = z.object({
  tool_call_id: nonEmpty,
  tool_name: nonEmpty,
  tool_args: z.pipe(
    z.nullish(z.record(z.string(), z.unknown())),
    z.transform((args) => args ?? {}),
  ),
  result: z.optional(textish),
  output: z.optional(textish),
  tool_call_error: z.nullish(z.union([z.boolean(), z.string()])),
  metrics: z.pipe(
    z.nullish(z.object({ time: z.optional(z.number()) })),
    z.transform((m) => m ?? undefined),
  ),
  created_at: timeish,
});

const memberResponseSchema = z.object({
  member_id: z.optional(z.string()),
  member_name: z.optional(z.string()),
  agent_id: z.optional(z.string()),
  agent_name: z.optional(z.string()),
  content: z.string(),
  tools: z.optional(z.array(toolCallSchema)),
  model: z.optional(z.string()),
  created_at: timeish,
});

const payloadSchema = z.object({
  session_id: z.nullish(z.string()),
  team_id: z.nullish(z.string()),
  content: z.nullish(z.string()),
  tools: z.nullish(z.array(toolCallSchema)),
  active_tool: z.nullish(toolCallSchema),
  member_responses: z.nullish(z.array(memberResponseSchema)),
  done: z.nullish(z.boolean()),
});

const workflowSchema = z.object({
  workflow: z.object({
    name: z.string(),
    nodes: z.array(z.looseObject({ name: z.string(), type: z.string() })),
    connections: z.record(z.string(), z.unknown()),
  }),
  url: z.nullish(z.string()),
});

const replyFileSchema = z.object({
  // Used in a download path: plain ids only.
  file_id: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,100}$/)),
  original_filename: z.string(),
  size: z.number(),
  content_type: z.optional(z.string()),
});

/** The files of an end frame or a stored reply; entries of another shape are left out. */
export function replyFilesOf(value: unknown): ReplyFile[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) => {
    const parsed = replyFileSchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

/** A workflow field that is not one (another server's shape, a truncated one) is ignored: the text still has it. */
function workflowOf(value: unknown): ReplyWorkflow | null {
  if (value === undefined || value === null) return null;
  const parsed = workflowSchema.safeParse(value);
  if (!parsed.success) return null;
  const url = parsed.data.url;
  // Only an http(s) address is ever a link.
  const safeUrl = url && /^https?:\/\//i.test(url) ? url : null;
  return { workflow: (value as ReplyWorkflow).workflow, url: safeUrl };
}

function decode(raw: unknown): { ok: true; value: unknown } | { ok: false } {
  // Tag checks rather than instanceof: bytes may come from another realm (a worker, a test environment).
  const tag = Object.prototype.toString.call(raw);
  const bytes = tag === '[object ArrayBuffer]' || ArrayBuffer.isView(raw);
  if (typeof raw !== 'string' && !bytes) {
    return raw !== null && typeof raw === 'object' && tag !== '[object Blob]'
      ? { ok: true, value: raw }
      : { ok: false };
  }
  try {
    const text = typeof raw === 'string' ? raw : new TextDecoder().decode(raw as ArrayBuffer);
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function oneOf<T extends string>(list: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (list as readonly string[]).includes(value);
}

function optionalString(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** A run id with a whole positive seq, else null: a frame numbered wrongly is applied as an unnumbered one. */
function positionOf(data: Record<string, unknown>): FramePosition | null {
  const { run_id, seq } = data;
  if (typeof run_id !== 'string' || run_id === '' || run_id.length > 200) return null;
  if (typeof seq !== 'number' || !Number.isSafeInteger(seq) || seq < 1) return null;
  return { run_id, seq };
}

function reject(kind: RejectionKind, detail: string): ParseResult {
  return { ok: false, kind, detail };
}

function hasErrorField(data: Record<string, unknown>): boolean {
  const error = data.error;
  return error !== undefined && error !== null && error !== false && error !== '';
}

/** Reads one socket message (text, bytes or an already-decoded object) into a frame, or says why it is not one. */
export function parseFrame(raw: unknown): ParseResult {
  const decoded = decode(raw);
  if (!decoded.ok) return reject('not-json', 'the message is not JSON text');
  const data = decoded.value;
  if (!isRecord(data)) return reject('not-an-object', 'the message is not a JSON object');
  const ids: FrameIds = {
    session_id: optionalString(data.session_id),
    team_id: optionalString(data.team_id),
    run: positionOf(data),
  };

  if (data.type === 'error' || hasErrorField(data)) {
    return {
      ok: true,
      frame: {
        type: 'error',
        ...ids,
        structured: data.type === 'error',
        error: data.error ?? null,
        error_code: optionalString(data.error_code),
        message: optionalString(data.message),
        detail: data.detail ?? null,
      },
    };
  }
  if (!oneOf(FRAME_TYPES, data.type)) return reject('unknown-type', `unknown frame type ${JSON.stringify(data.type)}`);
  const event = data.event ?? null;
  if (event !== null && !oneOf(FRAME_EVENTS, event))
    return reject('unknown-event', `unknown event ${JSON.stringify(event)}`);

  const parsed = payloadSchema.safeParse(data);
  if (!parsed.success) return reject('missing-fields', z.prettifyError(parsed.error));
  const fields = parsed.data;
  if (data.type === 'start') return { ok: true, frame: { type: 'start', ...ids } };

  const payload: FramePayload = {
    content: fields.content ?? '',
    tools: fields.tools ?? [],
    member_responses: fields.member_responses ?? [],
    done: fields.done ?? false,
    stopped: data.stopped === true,
  };
  const workflow = workflowOf(data.workflow);
  if (workflow) payload.workflow = workflow;
  const files = replyFilesOf(data.files);
  if (files.length) payload.files = files;
  const type = data.type === 'end' ? 'end' : 'chunk';
  if (event === 'ToolCallStarted' || event === 'ToolCallCompleted') {
    const active = fields.active_tool ?? payload.tools.at(-1);
    if (!active) return reject('missing-fields', `${event} without active_tool or tools`);
    return { ok: true, frame: { type, event, active_tool: active, ...ids, ...payload } };
  }
  if (event === 'RunCompleted') return { ok: true, frame: { type, event, ...ids, ...payload } };
  return { ok: true, frame: { type, event: null, ...ids, ...payload } };
}
