import { storedHistory } from '../../../src/features/chat/historyPages';
import type { SessionMessages, StoredMessage } from '../../../contract/types';

const message = (id: string | undefined, content: string): StoredMessage => ({
  id,
  role: 'user',
  content,
  created_at: 1,
});
const page = (...messages: StoredMessage[]): SessionMessages => ({
  session: { session_id: 's', session_name: null, team_id: 't', created_at: '', last_updated: '' },
  team_context: {},
  messages,
  total: 6,
});

describe('the loaded pages of a session history', () => {
  it('run oldest first when the newest page came first', () => {
    const newest = page(message('m5', 'e'), message('m6', 'f'));
    const before = page(message('m3', 'c'), message('m4', 'd'));
    const first = page(message('m1', 'a'), message('m2', 'b'));
    expect(storedHistory([newest, before, first]).map((m) => m.content)).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });

  it('keep a message once when it moved into the next page while the pages loaded', () => {
    const newest = page(message('m5', 'e'), message('m6', 'f'));
    const shifted = page(message('m4', 'd'), message('m5', 'e'));
    expect(storedHistory([newest, shifted]).map((m) => m.id)).toEqual(['m4', 'm5', 'm6']);
  });

  it('keep messages without an id, which cannot be told apart', () => {
    expect(storedHistory([page(message(undefined, 'x')), page(message(undefined, 'x'))])).toHaveLength(2);
  });
});
