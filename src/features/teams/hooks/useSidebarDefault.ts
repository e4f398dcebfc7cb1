// SPEC §2: the sidebar opens by default and starts closed in home-team mode or below 640 px; a window narrowed
// below 640 px closes it too, since there it would cover the chat, once it stays narrow for a moment: a passing
// reading (a resize dragged across the line and back, a full-page capture that resets the viewport) leaves it open.
import { useEffect, useRef } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import { sidebarClosed } from '../../layout/layoutSlice';

/** How long a window must stay narrow before the sidebar closes. */
const SETTLE_MS = 250;

export function useSidebarDefault(homeTeam: boolean, narrow: boolean): void {
  const dispatch = useAppDispatch();
  /** True while the screen has been narrow since the page opened: then the sidebar starts closed, at once. */
  const startedNarrow = useRef(narrow);
  useEffect(() => {
    if (!narrow) startedNarrow.current = false;
    if (homeTeam || (narrow && startedNarrow.current)) {
      dispatch(sidebarClosed());
      return undefined;
    }
    if (!narrow) return undefined;
    const timer = setTimeout(() => dispatch(sidebarClosed()), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [dispatch, homeTeam, narrow]);
}
