// The workflow a run built reaches the chat as data: from its frame to the finished team message, and from the
// stored messages of a session.
import { chatReducer } from '../../../src/features/chat/chatSlice';
import { initialChatState, type ChatState } from '../../../src/features/chat/chatState';
import { selectAllMessages } from '../../../src/features/chat/chatSelectors';
import { mergeHistory } from '../../../src/features/chat/historyMerge';
import { runCompleted, sendRequested, textDelta, workflowBuilt } from '../../../src/services/socket/socketActions';

const data = {
  workflow: { name: 'W', nodes: [{ name: 'Start', type: 'n8n-nodes-base.manualTrigger' }], connections: {} },
  url: 'https://n8n.example.com/workflow/7',
};

const reduce = (state: ChatState, ...actions: Parameters<typeof chatReducer>[1][]) =>
  actions.reduce(chatReducer, state);

it('puts the streamed workflow on the finished team message', () => {
  const send = sendRequested({ teamId: 't', message: 'Hi', sessionId: null, fileIds: [] });
  const { runId } = send.payload;
  const state = reduce(
    initialChatState,
    send,
    textDelta({ runId, text: 'Here it is.' }),
    workflowBuilt({ runId, workflow: data }),
    runCompleted({ runId, sessionId: 's', teamId: null, finalContent: '' }),
  );
  const reply = selectAllMessages({ chat: state }).find((m) => m.sender === 'team');
  expect(reply?.workflow).toEqual(data);
});

it('reads the workflow of a stored reply, and ignores a field another server shapes differently', () => {
  const messages = mergeHistory([
    { id: 'u', role: 'user', content: 'Build it', created_at: '2026-11-25T10:00:00Z' },
    { id: 'r', role: 'team_response', content: 'Done', created_at: '2026-11-25T10:00:05Z', workflow: data },
    { id: 'x', role: 'team_response', content: 'Other', created_at: '2026-11-25T10:01:05Z', workflow: 'yes' as never },
  ]);
  expect(messages.find((m) => m.id === 'r')?.workflow).toEqual(data);
  expect(messages.find((m) => m.id === 'x')?.workflow).toBeUndefined();
});
