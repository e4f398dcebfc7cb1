// "Recent Sessions" (limit 50, offset 0): shown only when sessions exist; rename and delete show at once.
import { useState } from 'react';
import { List } from '@mui/material';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useGetTeamSessionsQuery } from '../../../services/api';
import type { ChatSession } from '../../../services/contract';
import { useSessionEdits } from '../hooks/useSessionEdits';
import { RenameSessionDialog } from './RenameSessionDialog';
import { SessionItem } from './SessionItem';
import { sessionIdOf } from './sessionLabels';
import { SidebarSection } from './SidebarSection';

const SESSION_LIST_LIMIT = 50;

export function RecentSessions({ teamId, currentSessionId }: { teamId: string; currentSessionId: string | null }) {
  const { data } = useGetTeamSessionsQuery({ teamId, limit: SESSION_LIST_LIMIT, offset: 0 });
  const [renaming, setRenaming] = useState<ChatSession | null>(null);
  const [deleting, setDeleting] = useState<ChatSession | null>(null);
  const { rename, remove } = useSessionEdits(teamId, currentSessionId);
  const sessions = data?.sessions ?? [];
  if (sessions.length === 0) return null;

  const saveName = (session: ChatSession, name: string) => {
    setRenaming(null);
    void rename(session, name);
  };
  const confirmDelete = (session: ChatSession) => {
    setDeleting(null);
    void remove(session);
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
        <RenameSessionDialog
          key={sessionIdOf(renaming)}
          session={renaming}
          onSave={(name) => saveName(renaming, name)}
          onClose={() => setRenaming(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete session"
        text="This conversation will be deleted. Are you sure?"
        confirmLabel="Delete"
        destructive
        onConfirm={() => deleting && confirmDelete(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </SidebarSection>
  );
}
