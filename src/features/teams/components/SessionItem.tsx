// One recent session: a link to it, its name and update date, and a menu to rename or delete it.
import { useState } from 'react';
import { IconButton, ListItem, ListItemButton, ListItemText, Menu, MenuItem, Tooltip } from '@mui/material';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { Link as RouterLink } from 'react-router';
import type { ChatSession } from '../../../../contract/types';
import { SESSION_NAME_TOOLTIP_CHARS, sessionIdOf, sessionTitle, sessionUpdated } from './sessionLabels';

interface SessionItemProps {
  teamId: string;
  session: ChatSession;
  selected: boolean;
  onRename: (session: ChatSession) => void;
  onDelete: (session: ChatSession) => void;
}

export function SessionItem({ teamId, session, selected, onRename, onDelete }: SessionItemProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const id = sessionIdOf(session);
  const title = sessionTitle(session);
  const choose = (action: (s: ChatSession) => void) => () => {
    setAnchor(null);
    action(session);
  };
  return (
    <ListItem
      disablePadding
      secondaryAction={
        <IconButton
          edge="end"
          size="small"
          aria-label={`Session actions for ${title}`}
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <MoreVertIcon fontSize="small" />
        </IconButton>
      }
    >
      <Tooltip title={title.length > SESSION_NAME_TOOLTIP_CHARS ? title : ''} placement="right" describeChild>
        <ListItemButton
          component={RouterLink}
          to={`/teams/${encodeURIComponent(teamId)}/chat?session=${encodeURIComponent(id)}`}
          selected={selected}
          sx={{ borderRadius: 1, pr: 5 }}
        >
          <ListItemText
            primary={title}
            secondary={sessionUpdated(session)}
            slotProps={{ primary: { noWrap: true, variant: 'body2' }, secondary: { variant: 'caption' } }}
          />
        </ListItemButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={choose(onRename)}>Rename</MenuItem>
        <MenuItem onClick={choose(onDelete)} sx={{ color: 'error.main' }}>
          Delete
        </MenuItem>
      </Menu>
    </ListItem>
  );
}
