// The reply being streamed: thinking indicator until text arrives, then live text, tool timeline and member responses.
import { Box } from '@mui/material';
import { useAppSelector } from '../../../app/hooks';
import {
  selectIsStreaming,
  selectIsThinking,
  selectLiveMemberResponses,
  selectLiveText,
  selectLiveToolRuns,
} from '../chatSelectors';
import { Markdown } from './Markdown';
import { MemberResponses } from './MemberResponses';
import { ThinkingIndicator } from './ThinkingIndicator';
import { ToolTimeline } from './ToolTimeline';

export function LiveReply() {
  const streaming = useAppSelector(selectIsStreaming);
  const thinking = useAppSelector(selectIsThinking);
  const text = useAppSelector(selectLiveText);
  const tools = useAppSelector(selectLiveToolRuns);
  const members = useAppSelector(selectLiveMemberResponses);
  if (!streaming) return null;
  return (
    <Box data-testid="live-reply" aria-live="polite" sx={{ py: 1 }}>
      {thinking && <ThinkingIndicator />}
      {text && <Markdown text={text} />}
      <ToolTimeline runs={tools} />
      <MemberResponses responses={members} />
    </Box>
  );
}
