// The reply being streamed: thinking indicator until text arrives, then live text, tool timeline and member responses.
import { memo, useMemo } from 'react';
import { Box } from '@mui/material';
import { useAppSelector } from '../../../app/hooks';
import {
  selectIsStreaming,
  selectIsThinking,
  selectLiveMemberResponses,
  selectLiveText,
  selectLiveToolRuns,
} from '../chatSelectors';
import { splitBlocks } from '../streamBlocks';
import { Markdown } from './Markdown';
import { MemberResponses } from './MemberResponses';
import { ThinkingIndicator } from './ThinkingIndicator';
import { ToolTimeline } from './ToolTimeline';

/** A finished block keeps its props, so only the block still growing is parsed again on each frame; the tool
 * timeline and member responses come from memoised selectors, so a text frame leaves them alone too. */
const MarkdownBlock = memo(Markdown);
const LiveToolTimeline = memo(ToolTimeline);
const LiveMemberResponses = memo(MemberResponses);

export function LiveReply() {
  const streaming = useAppSelector(selectIsStreaming);
  const thinking = useAppSelector(selectIsThinking);
  const text = useAppSelector(selectLiveText);
  const tools = useAppSelector(selectLiveToolRuns);
  const members = useAppSelector(selectLiveMemberResponses);
  const blocks = useMemo(() => splitBlocks(text), [text]);
  if (!streaming) return null;
  return (
    <Box data-testid="live-reply" aria-live="polite" sx={{ py: 1 }}>
      {thinking && <ThinkingIndicator />}
      {blocks.map((block, index) => (
        <MarkdownBlock key={index} text={block} />
      ))}
      <LiveToolTimeline runs={tools} />
      <LiveMemberResponses responses={members} />
    </Box>
  );
}
