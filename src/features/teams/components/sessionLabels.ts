// How a session is named in Recent Sessions (SPEC §2).
import type { ChatSession } from '../../../../contract/types';
import { formatTransactionDate } from '../../../components/dates';

/** Names longer than this get a tooltip with the whole name. */
export const SESSION_NAME_TOOLTIP_CHARS = 28;

export const sessionIdOf = (s: ChatSession) => s.session_id ?? s.id ?? '';

export function sessionTitle(s: ChatSession): string {
  const name = s.session_name ?? s.name;
  return name && name.trim() !== '' ? name : `Chat session (${formatTransactionDate(s.created_at)})`;
}

export function sessionUpdated(s: ChatSession): string {
  return `Updated ${formatTransactionDate(s.last_updated ?? s.updated_at ?? s.created_at)}`;
}
