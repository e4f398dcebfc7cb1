// "Recent Sessions" (limit 50, offset 0): shown only when sessions exist; rename and delete through the API.
import { useState } from 'react';
import { List } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useDeleteSessionMutation, useGetTeamSessionsQuery } from '../../../services/api';
import type { ChatSession } from '../../../services/contract';
import { RenameSessionDialog } from './RenameSessionDialog';
import { SessionItem } from './SessionItem';
import { sessionIdOf } from './sessionLabels';
import { SidebarSection } from './SidebarSection';

export const SESSION_LIST_LIMIT = 50;

export function RecentSessions({ teamId, currentSessionId }: { teamId: string; currentSessionId: string | null }) {
  const { data } = useGetTeamSessionsQuery({ teamId, limit: SESSION_LIST_LIMIT, offset: 0 });
  const [renaming, setRenaming] = useState<ChatSession | null>(null);
  const [deleting, setDeleting] = useState<ChatSession | null>(null);
  const [remove, { isLoading }] = useDeleteSessionMutation();
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const sessions = data?.sessions ?? [];
  if (sessions.length === 0) return null;

  const confirmDelete = async () => {
    if (!deleting) return;
    const id = sessionIdOf(deleting);
    try {
      await remove(id).unwrap();
      setDeleting(null);
      if (id === currentSessionId) void navigate(`/teams/${encodeURIComponent(teamId)}/chat`, { replace: true });
    } catch {
      enqueueSnackbar('Failed to delete the session', { variant: 'error' });
    }
  };

  return (
    <SidebarSection title="Recent Sessions" count={sessions.length}>
      <List dense disablePadding sx={{ maxHeight: 230, overflowY: 'auto' }}>
        {sessions.map((session) => (
          <SessionItem
            key={sessionIdOf(session)}
            teamId={teamId}
            session={session}
            selected={sessionIdOf(session) === currentSessionId}
            onRename={setRenaming}
            onDelete={setDeleting}
          />
        ))}
      </List>
      {renaming && (
        <RenameSessionDialog key={sessionIdOf(renaming)} session={renaming} onClose={() => setRenaming(null)} />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete session"
        text="This conversation will be deleted. Are you sure?"
        confirmLabel="Delete"
        busyLabel="Deleting"
        busy={isLoading}
        destructive
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </SidebarSection>
  );
}
