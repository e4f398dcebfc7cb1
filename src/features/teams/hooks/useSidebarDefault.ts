// SPEC §2: the sidebar opens by default and starts closed in home-team mode or below 640 px; a window narrowed
// below 640 px closes it too, since there it would cover the chat.
import { useEffect } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import { sidebarClosed } from '../../layout/layoutSlice';

export function useSidebarDefault(homeTeam: boolean, narrow: boolean): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (homeTeam || narrow) dispatch(sidebarClosed());
  }, [dispatch, homeTeam, narrow]);
}
