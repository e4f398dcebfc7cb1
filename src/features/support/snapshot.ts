// The support snapshot: one redacted JSON file of what support needs to see what happened (the app version, the
// route, the store state, the last stream recording, the socket's history, the last API errors, browser and
// screen). No token, credential value or API key is ever in it; message texts can be masked too.
import { redactSecrets } from '../../../contract/redact';
import type { StreamRecording } from '../replay/recording';
import type { ApiErrorEvent, ConnectionEvent } from './supportLog';

export const SNAPSHOT_FORMAT = 'agent-team-studio.support-snapshot';

export interface SupportSnapshot {
  format: typeof SNAPSHOT_FORMAT;
  version: 1;
  takenAt: string;
  app: { name: string; version: string };
  route: string;
  browser: { userAgent: string; language: string; online: boolean };
  screen: { width: number; height: number; pixelRatio: number };
  messagesMasked: boolean;
  /** The whole store, sanitized (the chat state is also under `chat`). */
  state: unknown;
  /** The chat state `npm run replay -- snapshot.json` and the app restore. */
  chat: unknown;
  recording: StreamRecording | null;
  connection: ConnectionEvent[];
  apiErrors: ApiErrorEvent[];
}

export interface SnapshotInput {
  appName: string;
  appVersion: string;
  route: string;
  state: unknown;
  recording: StreamRecording | null;
  connection: ConnectionEvent[];
  apiErrors: ApiErrorEvent[];
  maskMessages: boolean;
  now?: Date;
}

/** Keys that hold what people wrote or the team replied. */
const TEXT_KEYS = new Set(['content', 'text', 'message', 'raw', 'result', 'output', 'session_name']);
/** Recordings larger than this are left out (the rest of the snapshot stays). */
const MAX_RECORDING_CHARS = 2_000_000;

function maskTexts(value: unknown, key = ''): unknown {
  if (typeof value === 'string')
    return TEXT_KEYS.has(key) && value !== '' ? `[masked: ${value.length} characters]` : value;
  if (Array.isArray(value)) return value.map((item) => maskTexts(item, key));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskTexts(v, k)]));
}

function environment() {
  const nav = typeof navigator === 'undefined' ? undefined : navigator;
  const scr = typeof screen === 'undefined' ? undefined : screen;
  return {
    browser: { userAgent: nav?.userAgent ?? '', language: nav?.language ?? '', online: nav?.onLine ?? true },
    screen: {
      width: scr?.width ?? 0,
      height: scr?.height ?? 0,
      pixelRatio: typeof devicePixelRatio === 'number' ? devicePixelRatio : 1,
    },
  };
}

export function buildSnapshot(input: SnapshotInput): SupportSnapshot {
  const text = (value: unknown) => (input.maskMessages ? maskTexts(value) : value);
  // A JSON copy first: the snapshot must not share objects with the live store.
  const state = JSON.parse(JSON.stringify(input.state ?? null)) as Record<string, unknown> | null;
  const recording =
    input.recording && JSON.stringify(input.recording).length <= MAX_RECORDING_CHARS
      ? (JSON.parse(JSON.stringify(input.recording)) as StreamRecording)
      : null;
  const snapshot: SupportSnapshot = {
    format: SNAPSHOT_FORMAT,
    version: 1,
    takenAt: (input.now ?? new Date()).toISOString(),
    app: { name: input.appName, version: input.appVersion },
    route: input.route,
    ...environment(),
    messagesMasked: input.maskMessages,
    state: text(state),
    chat: text(state?.chat ?? null),
    recording: recording ? (text(recording) as StreamRecording) : null,
    connection: input.connection,
    apiErrors: input.apiErrors,
  };
  return redactSecrets(snapshot);
}

export type SnapshotRead = { ok: true; snapshot: SupportSnapshot } | { ok: false; error: string };

/** Reads a snapshot file's JSON: the format, version and the chat state it restores. */
export function parseSnapshot(data: unknown): SnapshotRead {
  if (data === null || typeof data !== 'object') return { ok: false, error: 'not a JSON object' };
  const record = data as Partial<SupportSnapshot>;
  if (record.format !== SNAPSHOT_FORMAT) return { ok: false, error: `format is not "${SNAPSHOT_FORMAT}"` };
  if (record.version !== 1) return { ok: false, error: `unknown version ${String(record.version)}` };
  if (record.chat !== null && typeof record.chat !== 'object') return { ok: false, error: 'chat is not a state' };
  return { ok: true, snapshot: record as SupportSnapshot };
}

export function isSnapshot(data: unknown): boolean {
  return (data as { format?: unknown } | null)?.format === SNAPSHOT_FORMAT;
}
