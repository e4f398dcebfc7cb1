import { CHAT_ERROR_TEXT, mapErrorText, mapStreamError } from '../../../src/features/chat/errorMapping';

describe('error mapping (SPEC §8)', () => {
  it.each([
    ['Rate limit reached', CHAT_ERROR_TEXT.busy],
    ['rate_limited', CHAT_ERROR_TEXT.busy],
    ['Quota exceeded', CHAT_ERROR_TEXT.busy],
    ['WebSocket connection error', CHAT_ERROR_TEXT.unreachable],
    ['Gateway timeout', CHAT_ERROR_TEXT.unreachable],
    ['The request timed out', CHAT_ERROR_TEXT.unreachable],
    ['Network is down', CHAT_ERROR_TEXT.unreachable],
    ['model_not_found', CHAT_ERROR_TEXT.modelUnavailable],
    ['Model "x" not found', CHAT_ERROR_TEXT.modelUnavailable],
    ['Something else', CHAT_ERROR_TEXT.otherText],
  ])('maps the text "%s"', (text, expected) => {
    expect(mapErrorText(text)).toBe(expected);
  });

  it('opens the credits dialog for a credits code or a text about credits or balance, from any field', () => {
    expect(mapStreamError({ source: 'frame', error_code: 'INSUFFICIENT_CREDITS' })).toEqual({
      kind: 'insufficientCredits',
    });
    expect(mapStreamError({ source: 'frame', message: 'Not enough credits' })).toEqual({ kind: 'insufficientCredits' });
    expect(mapStreamError({ source: 'frame', detail: 'Balance exhausted' })).toEqual({ kind: 'insufficientCredits' });
    expect(mapStreamError({ source: 'frame', error: { message: 'no credits' } })).toEqual({
      kind: 'insufficientCredits',
    });
  });

  it('shows the server message of a structured error (message, detail.message, detail string), else the fallback', () => {
    const structured = { source: 'frame', structured: true } as const;
    expect(mapStreamError({ ...structured, message: 'Team paused', detail: 'ignored' })).toEqual({
      kind: 'message',
      text: 'Team paused',
    });
    expect(mapStreamError({ ...structured, detail: { message: 'From detail' } })).toEqual({
      kind: 'message',
      text: 'From detail',
    });
    expect(mapStreamError({ ...structured, detail: 'Detail text' })).toEqual({ kind: 'message', text: 'Detail text' });
    expect(mapStreamError({ ...structured, message: '  ' })).toEqual({
      kind: 'message',
      text: CHAT_ERROR_TEXT.structuredFallback,
    });
  });

  it('maps an error string by its text, also on a structured frame', () => {
    expect(mapStreamError({ source: 'frame', error: 'Quota exceeded', message: 'ignored' })).toEqual({
      kind: 'message',
      text: CHAT_ERROR_TEXT.busy,
    });
    expect(mapStreamError({ source: 'frame', structured: true, error: 'Rate limit', message: 'Rate limit' })).toEqual({
      kind: 'message',
      text: CHAT_ERROR_TEXT.busy,
    });
    expect(mapStreamError({ source: 'connection', error: 'WebSocket connection error' })).toEqual({
      kind: 'message',
      text: CHAT_ERROR_TEXT.unreachable,
    });
  });

  it('gives non-string errors the unexpected-error sentence', () => {
    expect(mapStreamError({ source: 'frame', error: true })).toEqual({
      kind: 'message',
      text: CHAT_ERROR_TEXT.unexpected,
    });
    expect(mapStreamError({ source: 'frame', error: [1, 2] })).toEqual({
      kind: 'message',
      text: CHAT_ERROR_TEXT.unexpected,
    });
    expect(mapStreamError({ source: 'frame', error: { message: 'an object' } })).toEqual({
      kind: 'message',
      text: CHAT_ERROR_TEXT.unexpected,
    });
  });
});
