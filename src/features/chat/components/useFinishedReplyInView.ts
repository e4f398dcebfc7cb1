// When a live reply finishes, the user should read the team's answer, not the end of its tool output: a finished
// reply taller than the list is shown from its top. A user who scrolled away from the bottom is left where they are.
import { useEffect, useRef, type RefObject } from 'react';
import type { Virtualizer } from '@tanstack/react-virtual';

export function useFinishedReplyInView(
  virtualizer: Virtualizer<HTMLDivElement, Element>,
  scrollRef: RefObject<HTMLDivElement | null>,
  liveId: string | null,
  rows: readonly string[],
): void {
  const previous = useRef(liveId);
  const rowsRef = useRef(rows);
  useEffect(() => {
    rowsRef.current = rows;
  }, [rows]);

  useEffect(() => {
    const finished = previous.current;
    previous.current = liveId;
    if (liveId !== null || finished === null) return undefined;
    if (!virtualizer.isAtEnd()) return undefined;
    // Two frames: the folded tools and member responses are measured before the reply's height is read.
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        const index = rowsRef.current.indexOf(finished);
        const row = scrollRef.current?.querySelector<HTMLElement>(`[data-index="${index}"]`);
        const list = scrollRef.current;
        if (index < 0 || !row || !list) return;
        if (row.getBoundingClientRect().height > list.clientHeight) virtualizer.scrollToIndex(index, { align: 'start' });
      });
    });
    return () => cancelAnimationFrame(frame);
  }, [virtualizer, scrollRef, liveId]);
}
