// The chat area: messages (or the empty state / history spinner), the error with retry, the composer and dialogs.
import { Box, CircularProgress } from '@mui/material';
import { useAppSelector } from '../../../app/hooks';
import { selectIsStreaming, selectMessageCount } from '../chatSelectors';
import { ChatErrorBanner } from './ChatErrorBanner';
import { Composer } from './Composer';
import { DownloadRecordingButton } from './DownloadRecordingButton';
import { EmptyState } from './EmptyState';
import { InsufficientCreditsDialog } from './InsufficientCreditsDialog';
import { MessageList } from './MessageList';
import { RunCostNote } from './RunCostNote';
import type { EarlierHistory } from '../chatTypes';

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
  const empty = count === 0 && !streaming;
  return (
    <Box sx={{ flex: 1, minWidth: 0, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
      {empty && loadingHistory && (
        <Box role="status" aria-label="Loading history" sx={{ flex: 1, display: 'grid', placeItems: 'center' }}>
          <CircularProgress />
        </Box>
      )}
      {empty && !loadingHistory && <EmptyState homeTeam={homeTeam} />}
      {!empty && <MessageList homeTeam={homeTeam} earlier={earlier} />}
      <ChatErrorBanner />
      <DownloadRecordingButton />
      <RunCostNote beforeFirstSend={empty && !loadingHistory} />
      <Composer teamId={teamId} homeTeam={homeTeam} />
      <InsufficientCreditsDialog />
    </Box>
  );
}
