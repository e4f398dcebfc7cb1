// /teams/:teamId/chat: only the single configured team; another id goes to /, a missing or "undefined" id to /teams.
import { Navigate, useParams } from 'react-router';
import { TEAM_ID } from '../../../config/env';
import { TeamChatScreen } from './TeamChatScreen';

export function TeamChatRoute() {
  const { teamId } = useParams();
  if (!teamId || teamId === 'undefined') return <Navigate to="/teams" replace />;
  if (teamId !== TEAM_ID) return <Navigate to="/" replace />;
  return <TeamChatScreen key={teamId} teamId={teamId} />;
}
