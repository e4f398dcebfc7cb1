// One message of the list: the user's bubble, or the team's reply with its tools and member responses.
import { memo } from 'react';
import { Alert, Avatar, Box, Stack, Typography } from '@mui/material';
import SmartToyIcon from '@mui/icons-material/SmartToy';
import { GradientAvatar } from '../../../components/GradientAvatar';
import { useAppSelector } from '../../../app/hooks';
import { selectCurrentUser } from '../../auth/authSelectors';
import { messageToolRuns, selectMessageById } from '../chatSelectors';
import { FOLLOW_UP_PREFIX } from '../chatTypes';
import { userAvatarLetter } from '../initials';
import { CopyButton } from './CopyButton';
import { FollowUpCard } from './FollowUpCard';
import { Markdown } from './Markdown';
import { MemberResponses } from './MemberResponses';
import { ToolTimeline } from './ToolTimeline';

interface MessageItemProps {
  id: string;
  timeLabel: string;
  homeTeam: boolean;
}

const INTERRUPTED = { failed: 'The connection dropped; this reply is incomplete.', stopped: 'Stopped.' } as const;

export const MessageItem = memo(function MessageItem({ id, timeLabel, homeTeam }: MessageItemProps) {
  const message = useAppSelector((state) => selectMessageById(state, id));
  const username = useAppSelector((state) => selectCurrentUser(state)?.username ?? null);
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
      data-testid={isUser ? 'user-message' : 'team-message'}
      sx={{ py: 1, alignItems: 'flex-start' }}
    >
      {avatar}
      <Box sx={{ maxWidth: isUser ? '80%' : '100%', minWidth: 0, flex: isUser ? undefined : 1 }}>
        {message.isError ? (
          <Alert severity="error">{message.content}</Alert>
        ) : (
          <Box sx={isUser ? { bgcolor: 'primary.main', color: 'primary.contrastText', px: 2, py: 1, borderRadius: 2 } : undefined}>
            {isUser ? <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.content}</Typography> : <Markdown text={message.content} />}
          </Box>
        )}
        {!isUser && <ToolTimeline runs={messageToolRuns(message)} />}
        {!isUser && <MemberResponses responses={message.memberResponses ?? []} />}
        {message.interrupted && (
          <Typography variant="caption" color="warning.main">
            {INTERRUPTED[message.interrupted]}
          </Typography>
        )}
        <Stack direction={isUser ? 'row-reverse' : 'row'} spacing={0.5} sx={{ alignItems: 'center' }}>
          <Typography variant="caption" color="text.secondary" component="time" dateTime={message.timestamp}>
            {timeLabel}
          </Typography>
          {!isUser && !message.isError && message.content !== '' && <CopyButton text={message.content} />}
        </Stack>
      </Box>
    </Stack>
  );
});
