// One row of the list: the user's bubble, or the team's reply (streaming or finished) with its tools and member
// responses. The reply keeps its row, and so its rendered blocks, when it stops streaming and becomes a message.
import { memo, useMemo } from 'react';
import { Alert, Avatar, Box, Stack, Typography } from '@mui/material';
import SmartToyIcon from '@mui/icons-material/SmartToy';
import { GradientAvatar } from '../../../components/GradientAvatar';
import { useAppSelector } from '../../../app/hooks';
import { selectCurrentUser } from '../../auth/authSelectors';
import { selectLiveReplyId, selectRowMessage, toolRuns } from '../chatSelectors';
import { FOLLOW_UP_PREFIX } from '../chatTypes';
import { userAvatarLetter } from '../initials';
import { CopyButton } from './CopyButton';
import { FollowUpCard } from './FollowUpCard';
import { MemberResponses } from './MemberResponses';
import { ReplyFiles } from './ReplyFiles';
import { ReplyMarkdown } from './ReplyMarkdown';
import { ThinkingIndicator } from './ThinkingIndicator';
import { ToolTimeline } from './ToolTimeline';

interface MessageItemProps {
  id: string;
  timeLabel: string;
  homeTeam: boolean;
}

const INTERRUPTED = { failed: 'The connection dropped; this reply is incomplete.', stopped: 'Stopped.' } as const;
const NO_MEMBERS: never[] = [];
const USER_BUBBLE = { bgcolor: 'primary.main', color: 'primary.contrastText', px: 2, py: 1, borderRadius: 2 } as const;

export const MessageItem = memo(function MessageItem({ id, timeLabel, homeTeam }: MessageItemProps) {
  const message = useAppSelector((state) => selectRowMessage(state, id));
  const live = useAppSelector((state) => selectLiveReplyId(state) === id);
  const username = useAppSelector((state) => selectCurrentUser(state)?.username ?? null);
  const runs = useMemo(
    () => toolRuns(message?.tools, message?.completedTools),
    [message?.tools, message?.completedTools],
  );
  if (!message) return null;
  const isUser = message.sender === 'user';
  if (!isUser && message.content.startsWith(FOLLOW_UP_PREFIX)) {
    return (
      <Box sx={{ py: 1 }}>
        <FollowUpCard teamId={message.content.slice(FOLLOW_UP_PREFIX.length)} />
      </Box>
    );
  }
  const avatar = homeTeam ? null : isUser ? (
    <GradientAvatar seed={username}>{userAvatarLetter(username)}</GradientAvatar>
  ) : (
    <Avatar sx={{ bgcolor: 'secondary.main', width: 32, height: 32 }}>
      <SmartToyIcon fontSize="small" />
    </Avatar>
  );
  return (
    <Stack
      direction={isUser ? 'row-reverse' : 'row'}
      spacing={1.5}
      data-testid={isUser ? 'user-message' : live ? 'live-reply' : 'team-message'}
      aria-live={live ? 'polite' : undefined}
      sx={{ py: 1, alignItems: 'flex-start' }}
    >
      {avatar}
      <Box sx={{ maxWidth: isUser ? '80%' : '100%', minWidth: 0, flex: isUser ? undefined : 1 }}>
        {live && message.content === '' && <ThinkingIndicator />}
        {message.isError ? (
          <Alert severity="error">{message.content}</Alert>
        ) : isUser ? (
          <Box sx={USER_BUBBLE}>
            <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.content}</Typography>
          </Box>
        ) : (
          <ReplyMarkdown text={message.content} streaming={live} workflow={message.workflow} />
        )}
        {!isUser && message.files && message.files.length > 0 && <ReplyFiles files={message.files} />}
        {!isUser && <ToolTimeline runs={runs} open={live} />}
        {!isUser && <MemberResponses responses={message.memberResponses ?? NO_MEMBERS} open={live} />}
        {message.interrupted && (
          <Typography variant="caption" color="warning.main">
            {INTERRUPTED[message.interrupted]}
          </Typography>
        )}
        {!live && (
          <Stack direction={isUser ? 'row-reverse' : 'row'} spacing={0.5} sx={{ alignItems: 'center' }}>
            <Typography variant="caption" color="text.secondary" component="time" dateTime={message.timestamp}>
              {timeLabel}
            </Typography>
            {!isUser && !message.isError && message.content !== '' && <CopyButton text={message.content} />}
          </Stack>
        )}
      </Box>
    </Stack>
  );
});
