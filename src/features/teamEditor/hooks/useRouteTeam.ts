// The team of the current /teams/{teamId} route (from the cache the chat screen fills) and whether the user owns it.
import { skipToken } from '@reduxjs/toolkit/query';
import { useParams } from 'react-router';
import { useAppSelector } from '../../../app/hooks';
import { selectCurrentUser } from '../../auth/authSelectors';
import { useGetTeamQuery } from '../../../services/api';

export function useRouteTeam() {
  const { teamId } = useParams();
  const { data: team } = useGetTeamQuery(teamId ?? skipToken);
  const user = useAppSelector(selectCurrentUser);
  const isOwner = Boolean(team && user && team.owner_id !== null && team.owner_id === user.id);
  return { team, isOwner };
}
