// What support needs beside the state: the chat socket's history (opens, drops with their close codes, reconnects,
// resume points, ends) and the last failed API calls, each in a bounded list.
import { isRejected, type Middleware } from '@reduxjs/toolkit';

export interface ConnectionEvent {
  at: string;
  type: string;
  runId?: string;
  state?: string;
  attempt?: number;
  closeCode?: number;
  afterSeq?: number;
  sessionId?: string | null;
}

export interface ApiErrorEvent {
  at: string;
  endpoint: string;
  status: unknown;
  message: string;
}

export interface SupportLog {
  connection(): ConnectionEvent[];
  apiErrors(): ApiErrorEvent[];
  middleware: Middleware;
}

const CONNECTION_EVENTS = 200;
const API_ERRORS = 50;
/** The run's life on the socket, as the socket middleware reports it. */
const CONNECTION_TYPES = new Set([
  'chat/sendRequested',
  'chat/runResumed',
  'chat/streamStarted',
  'chat/connectionChanged',
  'chat/runCompleted',
  'chat/streamFailed',
  'chat/streamStopped',
]);

const pick = (payload: Record<string, unknown>): Omit<ConnectionEvent, 'at' | 'type'> => {
  const out: Record<string, unknown> = {};
  for (const key of ['runId', 'state', 'attempt', 'closeCode', 'afterSeq', 'sessionId'])
    if (payload[key] !== undefined) out[key] = payload[key];
  return out;
};

const push = <T>(list: T[], item: T, max: number) => {
  list.push(item);
  if (list.length > max) list.shift();
};

export function createSupportLog(now: () => Date = () => new Date()): SupportLog {
  const connection: ConnectionEvent[] = [];
  const apiErrors: ApiErrorEvent[] = [];
  return {
    connection: () => [...connection],
    apiErrors: () => [...apiErrors],
    middleware: () => (next) => (action) => {
      const type = (action as { type?: unknown }).type;
      if (typeof type === 'string' && CONNECTION_TYPES.has(type)) {
        const payload = (action as { payload?: Record<string, unknown> }).payload ?? {};
        push(connection, { at: now().toISOString(), type, ...pick(payload) }, CONNECTION_EVENTS);
      } else if (typeof type === 'string' && type.startsWith('api/') && isRejected(action)) {
        const meta = action.meta as { condition?: boolean; arg?: { endpointName?: string } };
        // A query skipped because it was already cached is not an error.
        if (meta.condition !== true) {
          const payload = action.payload as { status?: unknown; data?: unknown } | undefined;
          const detail = (payload?.data as { detail?: unknown } | undefined)?.detail;
          push(
            apiErrors,
            {
              at: now().toISOString(),
              endpoint: meta.arg?.endpointName ?? type,
              status: payload?.status ?? null,
              message:
                typeof detail === 'string'
                  ? detail
                  : typeof (detail as { message?: unknown } | undefined)?.message === 'string'
                    ? (detail as { message: string }).message
                    : (action.error.message ?? 'failed'),
            },
            API_ERRORS,
          );
        }
      }
      return next(action);
    },
  };
}
