import { CHAT_ERROR_TEXT } from '../../../src/features/chat/errorMapping';
import { selectAllMessages } from '../../../src/features/chat/chatSelectors';
import { sendRequested } from '../../../src/services/socket/socketActions';
import { useMswServer } from '../../utils/msw';
import { startSocketServer, type SocketServer } from '../../utils/socketServer';
import { makeChatStore, SOCKET_URL, TEAM_ID, until } from '../chat/makeChatStore';

useMswServer();

let server: SocketServer;

beforeEach(() => {
  server = startSocketServer(SOCKET_URL);
});

async function runUntilError(frame: unknown) {
  const env = makeChatStore();
  env.store.dispatch(sendRequested({ teamId: TEAM_ID, message: 'Go', sessionId: 's-1', fileIds: [] }));
  await until(() => server.received.length === 1);
  await server.send({ type: 'chunk', content: 'Working' }, frame);
  await until(() => env.store.getState().chat.status !== 'streaming');
  await until(() => !server.isClientConnected());
  return env;
}

/** Error frames as the reference server writes them (docs/PROTOCOL.md): the same text in error and message. */
function serverFrames(cases: Array<[string, string, string]>): Array<[string, unknown, string]> {
  return cases.map(([code, text, expected]) => [
    `the server's ${code}`,
    { type: 'error', error_code: code, error: text, message: text },
    expected,
  ]);
}

describe('stream errors (SPEC §8)', () => {
  it.each([
    [
      'an error_code containing credits',
      { type: 'error', error_code: 'insufficient_credits', message: 'No credits left' },
    ],
    ['an error_code "credits_exhausted"', { type: 'error', error_code: 'credits_exhausted' }],
    ['an error text mentioning credits', { error: 'Insufficient credits for this run' }],
    ['an error text mentioning the balance', { error: 'Your balance is too low' }],
    [
      'a structured error whose detail code is insufficient_credits',
      { type: 'error', detail: { code: 'insufficient_credits', message: 'Top up' } },
    ],
  ])('opens the Insufficient Credits dialog for %s', async (_name, frame) => {
    const env = await runUntilError(frame);
    const state = env.store.getState().chat;
    expect(state.insufficientCreditsOpen).toBe(true);
    expect(state.error).toBeNull();
    expect(selectAllMessages(env.store.getState()).some((m) => m.isError)).toBe(false);
    expect(env.invalidated.at(-1)).toContainEqual({ type: 'Credits' });
  });

  it.each([
    ['rate limit', { error: 'Rate limit exceeded for model' }, CHAT_ERROR_TEXT.busy],
    ['quota', { error: 'You exceeded your current quota' }, CHAT_ERROR_TEXT.busy],
    ['connection', { error: 'Connection reset by peer' }, CHAT_ERROR_TEXT.unreachable],
    ['timeout', { error: 'Request timeout after 30s' }, CHAT_ERROR_TEXT.unreachable],
    ['network', { error: 'network unreachable' }, CHAT_ERROR_TEXT.unreachable],
    ['model not found', { error: 'The model gpt-9 was not found' }, CHAT_ERROR_TEXT.modelUnavailable],
    ['model not found (adjacent)', { error: 'model not found: gpt-9' }, CHAT_ERROR_TEXT.modelUnavailable],
    ['other text', { error: 'Something odd happened' }, CHAT_ERROR_TEXT.otherText],
    ['a string error on a type error frame', { type: 'error', error: 'rate limit reached' }, CHAT_ERROR_TEXT.busy],
    ['a number', { error: 42 }, CHAT_ERROR_TEXT.unexpected],
    ['an object without a message', { error: { reason: 1 } }, CHAT_ERROR_TEXT.unexpected],
    ['a structured message', { type: 'error', message: 'Team is not available' }, 'Team is not available'],
    [
      'a structured error code and message',
      { type: 'error', error_code: 'provider_error', message: 'Provider said no' },
      'Provider said no',
    ],
    ['a structured detail.message', { type: 'error', detail: { message: 'Detail message' } }, 'Detail message'],
    ['a structured detail string', { type: 'error', detail: 'Detail text' }, 'Detail text'],
    [
      'an error object rather than a string',
      { error: { code: 'x', message: 'Object message' } },
      CHAT_ERROR_TEXT.unexpected,
    ],
    ...serverFrames([
      ['run_failed', 'The team run failed unexpectedly. Please try again.', CHAT_ERROR_TEXT.otherText],
      [
        'connection_error',
        'Connection to the AI provider failed (network error or timeout).',
        CHAT_ERROR_TEXT.unreachable,
      ],
      ['rate_limited', 'The AI provider reports a rate limit or quota exceeded (HTTP 429).', CHAT_ERROR_TEXT.busy],
      [
        'model_not_found',
        'Model not found: "gpt-9" is not available at the AI provider.',
        CHAT_ERROR_TEXT.modelUnavailable,
      ],
    ]),
    ['a bare error field on a chunk', { type: 'chunk', error: 'upstream timeout' }, CHAT_ERROR_TEXT.unreachable],
    ['a structured error without text', { type: 'error' }, CHAT_ERROR_TEXT.structuredFallback],
  ])('shows %s as a team message and closes the socket', async (_name, frame, expected) => {
    const env = await runUntilError(frame);
    const messages = selectAllMessages(env.store.getState());
    expect(messages.map((m) => m.content)).toEqual(['Go', 'Working', expected]);
    expect(messages.at(-1)?.isError).toBe(true);
    expect(env.store.getState().chat).toMatchObject({
      status: 'failed',
      error: { message: expected, source: 'frame' },
    });
  });
});
