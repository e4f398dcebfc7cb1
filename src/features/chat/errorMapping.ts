// What the user sees when a chat run fails (SPEC §8): the insufficient-credits dialog or one readable sentence.
import type { StreamErrorFields } from '../../services/socket/socketActions';

export const CHAT_ERROR_TEXT = {
  insufficientCreditsTitle: 'Insufficient Credits',
  insufficientCreditsBody: 'You need credits to use the team chat feature. Purchase credits to continue.',
  structuredFallback: 'An error occurred while processing your request.',
  busy: 'The AI service is currently busy. Please wait a moment and try again.',
  unreachable: 'Unable to connect to the AI service. Please check your connection and try again.',
  modelUnavailable: 'The AI model is temporarily unavailable. Please try again later.',
  otherText: 'The team encountered an issue while processing your request. Please try again.',
  unexpected: 'An unexpected error occurred. Please try again.',
} as const;

export type MappedStreamError = { kind: 'insufficientCredits' } | { kind: 'message'; text: string };

function recordOf(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

function codeOf(...values: unknown[]): string | null {
  for (const value of values) {
    const code = text(recordOf(value)?.code);
    if (code) return code;
  }
  return null;
}

/** The server's own words: message, then detail.message, then a detail string. */
function serverMessage(fields: StreamErrorFields): string | null {
  return text(fields.message) ?? text(recordOf(fields.detail)?.message) ?? text(fields.detail);
}

/** Free-text errors mapped by what they mention. */
export function mapErrorText(message: string): string {
  const lower = message.toLowerCase();
  if (/rate[\s_-]?limit|quota/.test(lower)) return CHAT_ERROR_TEXT.busy;
  if (/connection|timeout|timed out|network/.test(lower)) return CHAT_ERROR_TEXT.unreachable;
  if (/model[\s_-]?(?:\S+\s+){0,3}not[\s_-]?found/.test(lower)) return CHAT_ERROR_TEXT.modelUnavailable;
  return CHAT_ERROR_TEXT.otherText;
}

/**
 * SPEC §8: credits first (code or text, wherever it appears); an error string is mapped by its text (the reference
 * server writes its texts for this, docs/PROTOCOL.md); a `type: "error"` frame without one shows the server's
 * message; any other error value is unexpected.
 */
export function mapStreamError(fields: StreamErrorFields): MappedStreamError {
  const code = text(fields.error_code) ?? codeOf(fields.error, fields.detail);
  if (code && code.toLowerCase().includes('credits')) return { kind: 'insufficientCredits' };
  const texts = [
    fields.error,
    fields.message,
    fields.detail,
    recordOf(fields.detail)?.message,
    recordOf(fields.error)?.message,
  ];
  if (texts.some((t) => typeof t === 'string' && /credits|balance/i.test(t))) return { kind: 'insufficientCredits' };

  const errorText = text(fields.error);
  if (errorText) return { kind: 'message', text: mapErrorText(errorText) };
  if (fields.structured) return { kind: 'message', text: serverMessage(fields) ?? CHAT_ERROR_TEXT.structuredFallback };
  return { kind: 'message', text: CHAT_ERROR_TEXT.unexpected };
}
