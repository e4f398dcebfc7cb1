// Error frames and statuses shared by the WebSocket and HTTP transports of a run.
import { type ErrorFrame, frames } from '../../../contract/frames.ts';
import type { Config } from '../config.ts';
import { type HttpError } from '../http/errors.ts';

const HTTP_ERROR_CODES: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  402: 'insufficient_credits',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'frame_too_large',
  422: 'invalid_request',
};

/** A refusal before the run started (bad team, session, files or credits) as an error frame. */
export function frameFromHttpError(error: HttpError, sessionId?: string): ErrorFrame {
  const detail = error.detail;
  const code = typeof detail === 'string' ? (HTTP_ERROR_CODES[error.statusCode] ?? 'bad_request') : detail.code;
  return frames.error(
    code,
    typeof detail === 'string' ? detail : detail.message,
    sessionId ? { session_id: sessionId } : {},
  );
}

/** HTTP status of a run that failed after it started (its partial reply is stored). */
export function statusOfRunError(code: string | undefined): number {
  if (code === 'insufficient_credits') return 402;
  if (code === 'rate_limited') return 503;
  if (code === 'request_too_complex') return 422;
  if (code === 'connection_error' || code === 'model_not_found' || code === 'provider_error') return 502;
  return 500;
}

/** The origin absolute links are built on: PUBLIC_URL, else the request's own. */
export function publicOrigin(config: Config, request: { protocol: string; host: string }): string {
  return (config.PUBLIC_URL ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');
}
