import { chatReducer, historyLoaded } from '../../../src/features/chat/chatSlice';
import { initialChatState, type ChatState } from '../../../src/features/chat/chatState';
import {
  selectIsThinking,
  selectLiveToolRuns,
  selectCloseTimeIds,
  selectVncUrl,
} from '../../../src/features/chat/chatSelectors';
import { memberResponses, sendRequested, textDelta, toolStarted } from '../../../src/services/socket/socketActions';

process.env.TZ = 'UTC';

function streaming() {
  const action = sendRequested({ teamId: 'team-1', message: 'Hi', sessionId: null, fileIds: [] });
  return { runId: action.payload.runId, chat: chatReducer(initialChatState, action) };
}

describe('chat selectors', () => {
  it('shows "Thinking..." until the first text arrives', () => {
    const { runId, chat } = streaming();
    expect(selectIsThinking({ chat })).toBe(true);
    expect(selectIsThinking({ chat: chatReducer(chat, textDelta({ runId, text: 'A' })) })).toBe(false);
    expect(selectIsThinking({ chat: initialChatState })).toBe(false);
  });

  it('keeps the same tool-run list and computer address while only text streams in', () => {
    const { runId, chat } = streaming();
    const withTool = chatReducer(
      chat,
      toolStarted({ runId, tool: { tool_call_id: 't', tool_name: 'x', tool_args: {} } }),
    );
    const first = selectLiveToolRuns({ chat: withTool });
    const afterText: ChatState = chatReducer(withTool, textDelta({ runId, text: 'more words' }));
    expect(selectLiveToolRuns({ chat: afterText })).toBe(first);
    expect(first).toEqual([{ tool: expect.objectContaining({ tool_call_id: 't' }), status: 'running' }]);
  });

  it("prefers the live reply's computer address over an older one from the history", () => {
    const loaded = chatReducer(
      initialChatState,
      historyLoaded({
        sessionId: 's',
        messages: [
          {
            role: 'assistant',
            content: 'Old',
            created_at: 1,
            tool_calls: [
              {
                tool_call_id: 'o',
                tool_name: 'c',
                tool_args: {},
                result: '{"vnc_url":"https://old.example/vnc.html"}',
              },
            ],
          },
        ],
      }),
    );
    expect(selectVncUrl({ chat: loaded })).toBe('https://old.example/vnc.html?view_only=true');
    const send = sendRequested({ teamId: 'team-1', message: 'Hi', sessionId: 's', fileIds: [] });
    const live = chatReducer(
      chatReducer(loaded, send),
      toolStarted({
        runId: send.payload.runId,
        tool: { tool_call_id: 'n', tool_name: 'c', tool_args: {}, output: '[d](https://new.example/vnc.html)' },
      }),
    );
    expect(selectVncUrl({ chat: live })).toBe('https://new.example/vnc.html?view_only=true');
  });

  it("finds the Agent's Computer in a member's tool output of the live reply", () => {
    const { runId, chat } = streaming();
    const next = chatReducer(
      chat,
      memberResponses({
        runId,
        memberResponses: [
          {
            member_name: 'Operator',
            content: 'Opened',
            tools: [
              {
                tool_call_id: 'c',
                tool_name: 'computer',
                tool_args: {},
                result: '[Desktop](https://d.example/vnc.html)',
              },
            ],
          },
        ],
      }),
    );
    expect(selectVncUrl({ chat: next })).toBe('https://d.example/vnc.html?view_only=true');
    expect(selectVncUrl({ chat })).toBeNull();
  });

  it('marks the messages that have another within 5 minutes, once per change of the messages', () => {
    const chat = chatReducer(
      initialChatState,
      historyLoaded({
        sessionId: 's',
        messages: [
          { id: 'a', role: 'user', content: 'Q', created_at: '2026-03-10T08:00:00Z' },
          { id: 'b', role: 'assistant', content: 'A', created_at: '2026-03-10T08:02:30Z' },
          { id: 'c', role: 'user', content: 'Later', created_at: '2026-03-10T11:00:00Z' },
        ],
      }),
    );
    const close = selectCloseTimeIds({ chat });
    expect([...close]).toEqual(['a', 'b']);
    expect(selectCloseTimeIds({ chat })).toBe(close);
  });
});
