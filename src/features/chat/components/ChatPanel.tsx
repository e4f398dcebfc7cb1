// The chat area: messages (or the empty state / history spinner), the error with retry, the composer and dialogs.
// The message list (LazyMessageList) and the credits dialog are chunks of their own: an empty chat paints without them.
import { lazy, Suspense, useEffect, useState } from 'react';
import { Box, CircularProgress } from '@mui/material';
import { useAppSelector } from '../../../app/hooks';
import { selectInsufficientCreditsOpen, selectIsStreaming, selectMessageCount } from '../chatSelectors';
import { ChatErrorBanner } from './ChatErrorBanner';
import { ConnectionStatus } from './ConnectionStatus';
import { Composer } from './Composer';
import { DownloadRecordingButton } from './DownloadRecordingButton';
import { EmptyState } from './EmptyState';
import { afterPaint } from '../../../components/afterPaint';
import { LazyMessageList, preloadMessageList } from './LazyMessageList';
import { RunCostNote } from './RunCostNote';
import type { EarlierHistory } from '../chatTypes';

const InsufficientCreditsDialog = lazy(() =>
  import('./InsufficientCreditsDialog').then((m) => ({ default: m.InsufficientCreditsDialog })),
);

function HistoryLoading() {
  return (
    <Box role="status" aria-label="Loading history" sx={{ flex: 1, display: 'grid', placeItems: 'center' }}>
      <CircularProgress />
    </Box>
  );
}

interface ChatPanelProps {
  teamId: string;
  homeTeam: boolean;
  loadingHistory: boolean;
  /** The session's older stored messages, loaded when the user scrolls to the top. */
  earlier: EarlierHistory;
}

export function ChatPanel({ teamId, homeTeam, loadingHistory, earlier }: ChatPanelProps) {
  const count = useAppSelector(selectMessageCount);
  const streaming = useAppSelector(selectIsStreaming);
  const creditsDialogOpen = useAppSelector(selectInsufficientCreditsOpen);
  const empty = count === 0 && !streaming;
  // Mounted from the first time it opens, so that closing it still animates.
  const [creditsDialogUsed, setCreditsDialogUsed] = useState(false);
  if (creditsDialogOpen && !creditsDialogUsed) setCreditsDialogUsed(true);

  // A stored conversation loads the list beside its history; an empty chat once its first screen has painted, so that
  // the first reply does not wait for it.
  useEffect(() => {
    if (!loadingHistory) return afterPaint(preloadMessageList);
    preloadMessageList();
    return undefined;
  }, [loadingHistory]);

  return (
    <Box sx={{ flex: 1, minWidth: 0, minHeight: 0, display: 'flex', flexDirection: 'column', position: 'relative' }}>
      <ConnectionStatus />
      {empty && loadingHistory && <HistoryLoading />}
      {empty && !loadingHistory && <EmptyState homeTeam={homeTeam} />}
      {!empty && <LazyMessageList homeTeam={homeTeam} earlier={earlier} fallback={<HistoryLoading />} />}
      <ChatErrorBanner />
      <DownloadRecordingButton />
      <RunCostNote beforeFirstSend={empty && !loadingHistory} />
      <Composer teamId={teamId} homeTeam={homeTeam} />
      {creditsDialogUsed && (
        <Suspense fallback={null}>
          <InsufficientCreditsDialog />
        </Suspense>
      )}
    </Box>
  );
}
