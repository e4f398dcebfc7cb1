// Loading a long session's earlier messages as the user scrolls up to them, and the bar shown while they load.
import { useEffect, useRef } from 'react';
import { LinearProgress } from '@mui/material';
import type { Virtualizer } from '@tanstack/react-virtual';
import type { EarlierHistory } from '../chatTypes';

/** Earlier messages load once the view is this close to the top, so they are usually there before it gets there. */
const EARLIER_THRESHOLD_PX = 1200;

const nearTop = (virtualizer: Virtualizer<HTMLDivElement, Element>) =>
  (virtualizer.scrollOffset ?? Infinity) < EARLIER_THRESHOLD_PX;

/**
 * Scrolling within the threshold of the top asks for the next earlier page. When rows were added and the view is
 * still near the top (the user kept scrolling up while they loaded), the next page is asked for; so it is when the
 * messages shown do not fill the view, as no scroll can happen then. A failed page is asked for again only when the
 * user scrolls, never in a loop.
 *
 * Positions come from the virtualizer, not the element: reading scrollTop in a scroll event, after the virtualizer
 * moved rows, forces a layout every event, and while the user scrolls the virtualizer may hold back its correction for
 * rows added above, so scrollTop still reads near the top after they arrived.
 */
export function useEarlierOnScroll(
  virtualizer: Virtualizer<HTMLDivElement, Element>,
  earlier: EarlierHistory,
  rows: number,
): void {
  const current = useRef(earlier);
  const shownRows = useRef(rows);
  useEffect(() => {
    current.current = earlier;
  });

  useEffect(() => {
    const element = virtualizer.scrollElement;
    if (!element) return undefined;
    const onScroll = () => {
      if (current.current.available && nearTop(virtualizer)) current.current.load();
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => element.removeEventListener('scroll', onScroll);
  }, [virtualizer]);

  const contentHeight = virtualizer.getTotalSize();
  useEffect(() => {
    const grew = shownRows.current > 0 && rows > shownRows.current;
    shownRows.current = rows;
    if (!earlier.available || earlier.loading || earlier.failed) return;
    const viewport = virtualizer.scrollRect?.height ?? 0;
    if ((viewport > 0 && contentHeight <= viewport) || (grew && nearTop(virtualizer))) earlier.load();
  }, [virtualizer, earlier, rows, contentHeight]);
}

export function EarlierProgress() {
  return (
    // Zero height, so the bar appearing and going never moves the messages.
    <div style={{ position: 'sticky', top: 0, height: 0, zIndex: 1 }}>
      <LinearProgress aria-label="Loading earlier messages" />
    </div>
  );
}
