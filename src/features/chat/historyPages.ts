// The loaded pages of a session's stored messages (newest page first) as one list, oldest first.
import type { SessionMessages, StoredMessage } from '../../../contract/types';

/** A message stored while the pages were fetched can stand in two of them; it is kept once. */
export function storedHistory(pages: readonly SessionMessages[]): StoredMessage[] {
  const seen = new Set<string>();
  const out: StoredMessage[] = [];
  for (let p = pages.length - 1; p >= 0; p--) {
    for (const message of pages[p]!.messages) {
      if (message.id !== undefined) {
        if (seen.has(message.id)) continue;
        seen.add(message.id);
      }
      out.push(message);
    }
  }
  return out;
}
