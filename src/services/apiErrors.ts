// Reads the server's `{detail}` error bodies (a string or `{code, message}`) out of RTK Query errors.
import type { ErrorBody } from '../../contract/types';

interface HttpLikeError {
  status?: unknown;
  data?: unknown;
  message?: unknown;
  error?: unknown;
}

function detailOf(error: unknown): unknown {
  if (!error || typeof error !== 'object') return undefined;
  const data = (error as HttpLikeError).data;
  if (!data || typeof data !== 'object') return undefined;
  return (data as Partial<ErrorBody>).detail;
}

/** The `code` of a `{detail: {code, message}}` body, if any. */
export function errorCode(error: unknown): string | undefined {
  const detail = detailOf(error);
  if (detail && typeof detail === 'object' && typeof (detail as { code?: unknown }).code === 'string') {
    return (detail as { code: string }).code;
  }
  return undefined;
}

/** The server's detail text when there is one, else the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  const detail = detailOf(error);
  if (typeof detail === 'string' && detail.trim() !== '') return detail;
  if (detail && typeof detail === 'object') {
    const message = (detail as { message?: unknown }).message;
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return fallback;
}
