// The live run's connection in words while its socket is down: "Connection lost, retrying in 4 s" until the next try,
// "Reconnecting…" during it. Floats over the top of the chat, so the reply below it never moves.
import { useEffect, useState } from 'react';
import { Alert } from '@mui/material';
import { useAppSelector } from '../../../app/hooks';
import { selectRunConnection } from '../chatSelectors';

/** Whole seconds until `retryAt`, at least 1 while it is ahead. */
function secondsUntil(retryAt: string, now: number): number {
  return Math.max(1, Math.ceil((Date.parse(retryAt) - now) / 1000));
}

export function connectionWords(state: 'waiting' | 'reconnecting', retryAt: string | undefined, now: number): string {
  if (state === 'reconnecting' || !retryAt || Date.parse(retryAt) <= now) return 'Reconnecting…';
  return `Connection lost, retrying in ${secondsUntil(retryAt, now)} s`;
}

/** Counts down to one retry; a new retry time mounts a new one (keyed), so it never starts from a stale clock. */
function Words({ state, retryAt }: { state: 'waiting' | 'reconnecting'; retryAt: string | undefined }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!retryAt) return undefined;
    const tick = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(tick);
  }, [retryAt]);
  return <>{connectionWords(state, retryAt, now)}</>;
}

export function ConnectionStatus() {
  const connection = useAppSelector(selectRunConnection);
  if (!connection) return null;
  const retryAt = connection.state === 'waiting' ? connection.retryAt : undefined;
  return (
    <Alert
      severity="warning"
      variant="filled"
      role="status"
      aria-live="polite"
      sx={{
        position: 'absolute',
        top: 8,
        left: '50%',
        transform: 'translateX(-50%)',
        zIndex: 2,
        py: 0,
        maxWidth: 'calc(100% - 16px)',
        boxShadow: 2,
      }}
    >
      <Words key={`${connection.state}-${retryAt ?? ''}`} state={connection.state} retryAt={retryAt} />
    </Alert>
  );
}
