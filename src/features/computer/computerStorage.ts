// The Agent's Computer address and open flag, kept per chat session in sessionStorage (SPEC §4 remote view).

export interface ComputerState {
  url: string | null;
  open: boolean;
}

export const CLOSED: ComputerState = { url: null, open: false };
const PREFIX = 'agent-computer:';

const storageKey = (sessionId: string) => `${PREFIX}${sessionId}`;

export function readComputer(sessionId: string): ComputerState | null {
  try {
    const raw = sessionStorage.getItem(storageKey(sessionId));
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<ComputerState>;
    return { url: typeof value.url === 'string' ? value.url : null, open: value.open === true };
  } catch {
    return null;
  }
}

export function writeComputer(sessionId: string, state: ComputerState): void {
  try {
    sessionStorage.setItem(storageKey(sessionId), JSON.stringify(state));
  } catch {
    // Storage full or blocked: the panel still works for this page view.
  }
}
