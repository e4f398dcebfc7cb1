import { configureStore, createListenerMiddleware, type UnknownAction } from '@reduxjs/toolkit';
import { addChatListeners, type ChatTag } from '../../../src/features/chat/chatListeners';
import { chatReducer } from '../../../src/features/chat/chatSlice';
import { runCompleted, sendRequested, streamStopped } from '../../../src/services/socket/socketActions';

function setup() {
  const invalidated: ChatTag[][] = [];
  const listener = createListenerMiddleware();
  const store = configureStore({ reducer: { chat: chatReducer }, middleware: (d) => d().prepend(listener.middleware) });
  addChatListeners(listener.startListening.withTypes<ReturnType<typeof store.getState>>(), {
    invalidateTags: (tags): UnknownAction => {
      invalidated.push(tags);
      return { type: 'api/invalidateTags' };
    },
  });
  const send = sendRequested({ teamId: 'team-1', message: 'Hi', sessionId: null, fileIds: [] });
  store.dispatch(send);
  return { store, invalidated, runId: send.payload.runId };
}

describe('chat listeners', () => {
  it('refreshes the balance and the session list after a stopped reply', () => {
    const { store, invalidated, runId } = setup();
    store.dispatch(streamStopped({ runId, reason: 'stopped' }));
    expect(invalidated).toEqual([
      [{ type: 'Credits' }, { type: 'SessionList', id: 'team-1' }, { type: 'SessionList', id: 'ALL' }],
    ]);
  });

  it('refreshes the session and its stored messages after a finished reply', () => {
    const { store, invalidated, runId } = setup();
    store.dispatch(runCompleted({ runId, sessionId: 's-1', teamId: null, finalContent: 'Done' }));
    expect(invalidated).toEqual([
      [
        { type: 'Credits' },
        { type: 'SessionList', id: 'team-1' },
        { type: 'SessionList', id: 'ALL' },
        { type: 'Session', id: 's-1' },
        { type: 'SessionMessages', id: 's-1' },
      ],
    ]);
  });

  it('does nothing for the end of a run the chat is not showing', () => {
    const { store, invalidated } = setup();
    store.dispatch(runCompleted({ runId: 'another-run', sessionId: 's-1', teamId: null, finalContent: '' }));
    expect(invalidated).toEqual([]);
  });
});
