// "Recent Sessions" (limit 50, offset 0): shown only when sessions exist; rename and delete show at once. Their
// dialogs open at the page's dialog host, so a layout change that remounts the sidebar keeps them open.
import { List } from '@mui/material';
import { useHostedDialog } from '../../../components/DialogHost';
import { useGetTeamSessionsQuery } from '../../../services/api';
import type { ChatSession } from '../../../../contract/types';
import { DeleteSessionDialog } from './DeleteSessionDialog';
import { RenameSessionDialog } from './RenameSessionDialog';
import { SessionItem } from './SessionItem';
import { sessionIdOf } from './sessionLabels';
import { SidebarSection } from './SidebarSection';

const SESSION_LIST_LIMIT = 50;

export function RecentSessions({ teamId, currentSessionId }: { teamId: string; currentSessionId: string | null }) {
  const { data } = useGetTeamSessionsQuery({ teamId, limit: SESSION_LIST_LIMIT, offset: 0 });
  const dialog = useHostedDialog();
  const sessions = data?.sessions ?? [];
  if (sessions.length === 0) return null;

  const startRename = (session: ChatSession) =>
    dialog.open((close) => (
      <RenameSessionDialog key={sessionIdOf(session)} teamId={teamId} session={session} onClose={close} />
    ));
  const startDelete = (session: ChatSession) =>
    dialog.open((close) => (
      <DeleteSessionDialog teamId={teamId} currentSessionId={currentSessionId} session={session} onClose={close} />
    ));

  return (
    <SidebarSection title="Recent Sessions" count={sessions.length}>
      <List dense disablePadding sx={{ maxHeight: 230, overflowY: 'auto' }}>
        {sessions.map((session) => (
          <SessionItem
            key={sessionIdOf(session)}
            teamId={teamId}
            session={session}
            selected={sessionIdOf(session) === currentSessionId}
            onRename={startRename}
            onDelete={startDelete}
          />
        ))}
      </List>
      {dialog.element}
    </SidebarSection>
  );
}
