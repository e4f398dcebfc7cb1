// /teams/:teamId/chat, in its own chunk with the chat, its socket and its listeners: only the single configured team;
// another id goes to /, a missing or "undefined" id to /teams.
import { Navigate, useParams } from 'react-router';
import { TEAM_ID } from '../../config/env';
import { chatModuleLoaded, installChatModule } from '../../features/chat/chatModule';
import type { AppDispatch } from '../store';
import { TeamChatPage } from './teamChat/TeamChatPage';

function TeamChatRoute() {
  const { teamId } = useParams();
  if (!teamId || teamId === 'undefined') return <Navigate to="/teams" replace />;
  if (teamId !== TEAM_ID) return <Navigate to="/" replace />;
  return <TeamChatPage key={teamId} teamId={teamId} />;
}

/** Adds the chat's slice, middleware and listeners; the slice gets its state from the action that follows. */
export function prepare(dispatch: AppDispatch): void {
  installChatModule();
  dispatch(chatModuleLoaded());
}

export { TeamChatRoute as Component };
