// The reader's worker thread (see readOffThread.ts): reads one session's latest request into a workflow spec.
import { readSession, type SessionRead } from './edit.ts';

export interface ReadJob {
  /** The session's stored workflow spec, if any (unknown: it comes from the database). */
  stored: unknown;
  /** The session's requests, oldest first; the last is the one being answered. */
  requests: string[];
}

export default function read({ stored, requests }: ReadJob): SessionRead {
  return readSession(stored, requests);
}
