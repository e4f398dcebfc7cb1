// The chat's sidebar with what the team editor adds to it (the edit dialog, the members' edit and upload buttons): a
// chunk of its own, loaded when the sidebar first shows.
import { EditTeamDialog } from '../../../features/teamEditor/components/EditTeamDialog';
import { TeamSidebar, type TeamSidebarSlots } from '../../../features/teams/components/TeamSidebar';
import type { Team } from '../../../../contract/types';
import { MemberActions } from './MemberActions';

const SIDEBAR_SLOTS: TeamSidebarSlots = { editTeamDialog: EditTeamDialog, memberActions: MemberActions };

export function ChatSidebar({ team, sessionId }: { team: Team; sessionId: string | null }) {
  return <TeamSidebar team={team} sessionId={sessionId} slots={SIDEBAR_SLOTS} />;
}
