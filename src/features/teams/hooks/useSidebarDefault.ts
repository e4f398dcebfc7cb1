// SPEC §2: the sidebar opens by default and starts closed in home-team mode or below 640 px.
import { useEffect } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import { sidebarClosed } from '../../layout/layoutSlice';

export const NARROW_SCREEN_PX = 640;

export function useSidebarDefault(homeTeam: boolean): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (homeTeam || window.innerWidth < NARROW_SCREEN_PX) dispatch(sidebarClosed());
  }, [dispatch, homeTeam]);
}
