import {
  chatReducer,
  earlierHistoryLoaded,
  errorDismissed,
  historyLoaded,
  insufficientCreditsDialogClosed,
  sessionOpened,
} from '../../../src/features/chat/chatSlice';
import { initialChatState, type ChatState } from '../../../src/features/chat/chatState';
import { selectAllMessages } from '../../../src/features/chat/chatSelectors';
import {
  filesSaved,
  runCompleted,
  sendRequested,
  streamFailed,
  textDelta,
  type SendRequest,
} from '../../../src/services/socket/socketActions';

const request: SendRequest = { teamId: 'team-1', message: 'Hello', sessionId: 's-1', fileIds: [] };

function reduce(state: ChatState, ...actions: Parameters<typeof chatReducer>[1][]): ChatState {
  return actions.reduce(chatReducer, state);
}

const contents = (state: ChatState) => selectAllMessages({ chat: state }).map((m) => m.content);

function sent(req: SendRequest = request) {
  const action = sendRequested(req);
  return { action, runId: action.payload.runId, state: reduce(initialChatState, action) };
}

describe('chat slice', () => {
  it('appends the user message and starts empty buffers on send', () => {
    const { state, runId } = sent({ ...request, fileIds: ['f-1'] });
    expect(selectAllMessages({ chat: state })).toEqual([
      { id: `user-${runId}`, content: 'Hello', sender: 'user', timestamp: expect.any(String), fileIds: ['f-1'] },
    ]);
    expect(state).toMatchObject({
      status: 'streaming',
      sessionId: 's-1',
      run: { runId, text: '', tools: [], memberResponses: [] },
    });
  });

  it('attaches the files the team saved to the finished reply', () => {
    const { state, runId } = sent();
    const file = { file_id: 'f-9', original_filename: 'summary.md', size: 25, content_type: 'text/markdown' };
    const done = reduce(
      state,
      textDelta({ runId, text: 'Saved.' }),
      filesSaved({ runId, files: [file] }),
      runCompleted({ runId, sessionId: 's-1', teamId: null, finalContent: '' }),
    );
    expect(selectAllMessages({ chat: done }).at(-1)).toMatchObject({ content: 'Saved.', files: [file] });
  });

  it('ignores stream actions of another run', () => {
    const { state, runId } = sent();
    const next = reduce(state, textDelta({ runId: 'old-run', text: 'stale' }), textDelta({ runId, text: 'fresh' }));
    expect(next.run?.text).toBe('fresh');
  });

  it('appends the "What\'s next?" card in home-team mode when the reply names a team', () => {
    const { state, runId } = sent({ ...request, homeTeam: true });
    const done = reduce(
      state,
      textDelta({ runId, text: 'Your team is ready.' }),
      runCompleted({ runId, sessionId: 's-1', teamId: 'team-42', finalContent: '' }),
    );
    expect(contents(done)).toEqual(['Hello', 'Your team is ready.', 'followup::team-42']);
  });

  it('finds the team id in the reply text when the frame has none', () => {
    const { state, runId } = sent({ ...request, homeTeam: true });
    const done = reduce(
      state,
      runCompleted({ runId, sessionId: 's-1', teamId: null, finalContent: 'Created. "team_id": "abc123def"' }),
    );
    expect(contents(done).at(-1)).toBe('followup::abc123def');
  });

  it('adds no follow-up card outside home-team mode', () => {
    const { state, runId } = sent();
    const done = reduce(state, runCompleted({ runId, sessionId: 's-1', teamId: 'team-42', finalContent: 'Done' }));
    expect(contents(done)).toEqual(['Hello', 'Done']);
  });

  it('loads the merged history of the open session, but not while a reply streams', () => {
    const opened = reduce(initialChatState, sessionOpened({ sessionId: 's-2' }));
    const loaded = reduce(
      opened,
      historyLoaded({
        sessionId: 's-2',
        messages: [
          { role: 'assistant', content: 'Answer', created_at: 20 },
          { role: 'user', content: 'Question', created_at: 10 },
        ],
      }),
    );
    expect(contents(loaded)).toEqual(['Question', 'Answer']);
    expect(contents(reduce(loaded, historyLoaded({ sessionId: 'other', messages: [] })))).toEqual([
      'Question',
      'Answer',
    ]);

    const { state } = sent();
    expect(contents(reduce(state, historyLoaded({ sessionId: 's-1', messages: [] })))).toEqual(['Hello']);
  });

  it('adds the earlier messages of a session watched live above it, keeping what only the live view has', () => {
    const stored = (id: string, role: 'user' | 'assistant', content: string, at: number) => ({
      id,
      role,
      content,
      created_at: at,
    });
    const newest = [stored('m3', 'user', 'Third question', 30), stored('m4', 'assistant', 'Third answer', 31)];
    const opened = reduce(
      initialChatState,
      sessionOpened({ sessionId: 's-1' }),
      historyLoaded({ sessionId: 's-1', messages: newest }),
    );
    const { action, runId } = sent();
    const live = reduce(
      opened,
      action,
      runCompleted({ runId, sessionId: 's-1', teamId: null, finalContent: 'Live answer' }),
    );
    const older = [stored('m1', 'user', 'First question', 10), stored('m2', 'assistant', 'First answer', 11)];

    const more = reduce(live, earlierHistoryLoaded({ sessionId: 's-1', messages: [...older, ...newest] }));
    expect(contents(more)).toEqual([
      'First question',
      'First answer',
      'Third question',
      'Third answer',
      'Hello',
      'Live answer',
    ]);
    // The same pages again (a refetch) add nothing; nor does a page of another session, or a chat with no history.
    expect(contents(reduce(more, earlierHistoryLoaded({ sessionId: 's-1', messages: [...older, ...newest] })))).toEqual(
      contents(more),
    );
    expect(contents(reduce(live, earlierHistoryLoaded({ sessionId: 's-2', messages: older })))).toEqual(contents(live));
    const { state: fresh } = sent({ ...request, sessionId: null });
    expect(contents(reduce(fresh, earlierHistoryLoaded({ sessionId: 's-1', messages: older })))).toEqual(['Hello']);
  });

  it('marks the session a run finished in as watched live until another session or a new chat opens', () => {
    const { state, runId } = sent({ ...request, sessionId: null });
    expect(state.liveSessionId).toBeNull();
    const done = reduce(state, runCompleted({ runId, sessionId: 's-new', teamId: null, finalContent: 'Hi' }));
    expect(done.liveSessionId).toBe('s-new');
    // The URL catching up with the run's session opens the same session: it stays live.
    expect(reduce(done, sessionOpened({ sessionId: 's-new' })).liveSessionId).toBe('s-new');
    expect(reduce(done, sessionOpened({ sessionId: 's-other' })).liveSessionId).toBeNull();
    expect(reduce(done, sessionOpened({ sessionId: null })).liveSessionId).toBeNull();
  });

  it('does not mark a session live for a failed run', () => {
    const { state, runId } = sent();
    const failed = reduce(
      state,
      streamFailed({ runId, error: { source: 'connection', error: 'WebSocket connection error' }, sessionId: 's-1' }),
    );
    expect(failed.liveSessionId).toBeNull();
  });

  it('clears the conversation when another session or a new chat opens', () => {
    const { state, runId } = sent();
    const done = reduce(state, runCompleted({ runId, sessionId: 's-1', teamId: null, finalContent: 'Hi' }));
    const fresh = reduce(done, sessionOpened({ sessionId: null }));
    expect(fresh).toMatchObject({ sessionId: null, status: 'idle', messages: { ids: [] } });
  });

  it('closes the insufficient-credits dialog and dismisses an error', () => {
    const { state, runId } = sent();
    const credits = reduce(
      state,
      streamFailed({ runId, error: { source: 'frame', error_code: 'insufficient_credits' }, sessionId: 's-1' }),
    );
    expect(credits.insufficientCreditsOpen).toBe(true);
    expect(reduce(credits, insufficientCreditsDialogClosed()).insufficientCreditsOpen).toBe(false);

    const second = sent();
    const failed = reduce(
      second.state,
      streamFailed({
        runId: second.runId,
        error: { source: 'connection', error: 'WebSocket connection error' },
        sessionId: null,
      }),
    );
    expect(failed.status).toBe('failed');
    expect(reduce(failed, errorDismissed())).toMatchObject({ status: 'idle', error: null });
  });

  it('adds the message again when "retry" is sent without an earlier failure', () => {
    const { state, runId } = sent();
    const done = reduce(state, runCompleted({ runId, sessionId: 's-1', teamId: null, finalContent: 'Hi' }));
    const again = reduce(done, sendRequested({ ...request, retry: true }));
    expect(contents(again)).toEqual(['Hello', 'Hi', 'Hello']);
  });
});
