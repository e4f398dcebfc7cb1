import { readFileSync } from 'node:fs';
import { selectAllMessages } from '../../../src/features/chat/chatSelectors';
import { chatReducer } from '../../../src/features/chat/chatSlice';
import type { ChatState } from '../../../src/features/chat/chatState';
import { replayFrames } from '../../../src/features/replay/frameReplay';
import { parseRecording, type StreamRecording } from '../../../src/features/replay/recording';
import { replayRecording } from '../../../src/features/replay/replay';
import { sendRequested, stopRequested } from '../../../src/services/socket/socketActions';
import { useMswServer } from '../../utils/msw';
import { startSocketServer, type SocketServer } from '../../utils/socketServer';
import { makeChatStore, SOCKET_URL, TEAM_ID, until } from './makeChatStore';

useMswServer();

function load(path: string): StreamRecording {
  const parsed = parseRecording(JSON.parse(readFileSync(path, 'utf8')));
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.recording;
}

/** What the user sees, without run ids and clock readings (a frame replay makes new ones). */
function visible(chat: ChatState) {
  return {
    messages: selectAllMessages({ chat }).map((m) => ({
      sender: m.sender,
      content: m.content,
      tools: m.tools,
      memberResponses: m.memberResponses,
      activeTools: m.activeTools,
      completedTools: m.completedTools,
      events: m.events?.map((e) => [e.type, e.data]),
      interrupted: m.interrupted,
      isError: m.isError,
    })),
    sessionId: chat.sessionId,
    status: chat.status,
    error: chat.error,
    insufficientCreditsOpen: chat.insufficientCreditsOpen,
  };
}

describe('frame replay', () => {
  it.each(['full-run', 'dropped-connection'])('rebuilds the %s recording from its raw frames alone', (name) => {
    const recording = load(`tests/fixtures/streams/${name}.json`);
    const { state, warnings } = replayFrames(recording);
    expect(visible(state)).toEqual(visible(replayRecording(recording, chatReducer)));
    expect(warnings.length).toBe(name === 'full-run' ? 2 : 0);
  });

  describe('of a run that was stopped', () => {
    let server: SocketServer;
    beforeEach(() => {
      server = startSocketServer(SOCKET_URL);
    });

    it('stops where the user stopped it', async () => {
      const env = makeChatStore();
      env.store.dispatch(sendRequested({ teamId: TEAM_ID, message: 'Go', sessionId: null, fileIds: [] }));
      await until(() => server.received.length === 1);
      await server.send({ type: 'start', session_id: 's-3' }, { type: 'chunk', content: 'Half' });
      env.store.dispatch(stopRequested());
      const recording = JSON.parse(JSON.stringify(env.recorder.toRecording())) as StreamRecording;
      expect(visible(replayFrames(recording).state)).toEqual(visible(env.store.getState().chat));
    });

    it('reconnects where the socket dropped and resumed, and rebuilds the same reply', async () => {
      const retries: Array<() => void> = [];
      const env = makeChatStore({ reconnect: { setTimer: (fn) => retries.push(fn), random: () => 1 } });
      env.store.dispatch(sendRequested({ teamId: TEAM_ID, message: 'Go', sessionId: null, fileIds: [] }));
      await until(() => server.received.length === 1);
      const f = (seq: number, fields: object) => ({ run_id: 'r-9', seq, session_id: 's-9', ...fields });
      await server.send(f(1, { type: 'start' }), f(2, { type: 'chunk', content: 'One ' }));
      server.drop();
      await until(() => retries.length === 1);
      retries[0]!();
      await until(() => server.received.length === 2);
      await server.send(
        f(2, { type: 'chunk', content: 'One ' }),
        f(3, { type: 'chunk', content: 'two' }),
        f(4, { type: 'end', done: true }),
      );
      await until(() => env.store.getState().chat.status === 'idle');
      expect(selectAllMessages(env.store.getState()).at(-1)?.content).toBe('One two');
      const recording = JSON.parse(JSON.stringify(env.recorder.toRecording())) as StreamRecording;
      expect(visible(replayFrames(recording).state)).toEqual(visible(env.store.getState().chat));
    });
  });
});
