// /teams/:teamId/chat: only the single configured team; another id goes to /, a missing or "undefined" id to /teams.
import { Navigate, useParams } from 'react-router';
import { TEAM_ID } from '../../config/env';
import { TeamChatPage } from './teamChat/TeamChatPage';

export function TeamChatRoute() {
  const { teamId } = useParams();
  if (!teamId || teamId === 'undefined') return <Navigate to="/teams" replace />;
  if (teamId !== TEAM_ID) return <Navigate to="/" replace />;
  return <TeamChatPage key={teamId} teamId={teamId} />;
}
