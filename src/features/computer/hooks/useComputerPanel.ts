// The Agent's Computer panel state: opens when a new address appears in tool output (not on a narrow screen, where
// it would cover the chat), remembered per session.
import { useEffect, useState } from 'react';
import { useAppSelector } from '../../../app/hooks';
import { selectVncUrl } from '../../chat/chatSelectors';
import { CLOSED, readComputer, writeComputer, type ComputerState } from '../computerStorage';

export interface ComputerPanelState {
  url: string | null;
  open: boolean;
  close: () => void;
  reopen: () => void;
}

export function useComputerPanel(sessionId: string | null, narrow: boolean): ComputerPanelState {
  const found = useAppSelector(selectVncUrl);
  const [state, setState] = useState<ComputerState>(() => (sessionId ? (readComputer(sessionId) ?? CLOSED) : CLOSED));
  const [shownSession, setShownSession] = useState(sessionId);
  const [seenUrl, setSeenUrl] = useState<string | null>(null);

  // Adjusting state while rendering (React's pattern for "state derived from a changed prop").
  let next = state;
  if (shownSession !== sessionId) {
    setShownSession(sessionId);
    // A new chat starts without a desktop; one that just got its session id keeps the panel it already shows.
    if (sessionId === null) next = CLOSED;
    else next = readComputer(sessionId) ?? (shownSession === null ? state : CLOSED);
  }
  if (found !== seenUrl) {
    setSeenUrl(found);
    if (found && found !== next.url) next = { url: found, open: !narrow };
  }
  if (next !== state) setState(next);

  useEffect(() => {
    if (sessionId) writeComputer(sessionId, state);
  }, [sessionId, state]);

  return {
    url: state.url,
    open: state.open && state.url !== null,
    close: () => setState((s) => ({ ...s, open: false })),
    reopen: () => setState((s) => ({ ...s, open: true })),
  };
}
