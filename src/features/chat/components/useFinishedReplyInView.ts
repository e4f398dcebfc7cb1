// When a live reply finishes, the user should read the team's answer, not the end of its tool output: a finished
// reply taller than the list is shown from its top. A user who scrolled away from the bottom is left where they are.
import { useEffect, useRef, type RefObject } from 'react';
import type { Virtualizer } from '@tanstack/react-virtual';

/** How long the reply's top is held in place while parts of it (a lazily loaded diagram) still change its height. */
const HOLD_MS = 3000;
/** SPEC §9 auto-scroll threshold, as the message list uses it. */
const END_THRESHOLD_PX = 100;
const USER_SCROLL_EVENTS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
/** A scroll this soon after the user's own input is theirs (momentum, a dragged scrollbar). */
const USER_SCROLL_MS = 1500;

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
  // Judged from the user's last scroll: the render that ends a run can itself move the end away, and so can the
  // layout around the list (the Agent's Computer opening beside it, a banner above it): only a scroll the user
  // made (wheel, touch, keys, the scrollbar) takes the list away from its end.
  const followingEnd = useRef(true);
  useEffect(() => {
    const list = scrollRef.current;
    if (!list) return undefined;
    let userAt = 0;
    const onInput = () => {
      userAt = Date.now();
    };
    const onScroll = () => {
      const atEnd = list.scrollHeight - list.scrollTop - list.clientHeight <= END_THRESHOLD_PX;
      if (atEnd) followingEnd.current = true;
      else if (Date.now() - userAt < USER_SCROLL_MS) followingEnd.current = false;
    };
    USER_SCROLL_EVENTS.forEach((type) => list.addEventListener(type, onInput, { passive: true }));
    list.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      USER_SCROLL_EVENTS.forEach((type) => list.removeEventListener(type, onInput));
      list.removeEventListener('scroll', onScroll);
    };
  }, [scrollRef]);

  useEffect(() => {
    const finished = previous.current;
    previous.current = liveId;
    const list = scrollRef.current;
    if (liveId !== null || finished === null || !list || !followingEnd.current) return undefined;
    let observer: ResizeObserver | null = null;
    const stop = () => {
      observer?.disconnect();
      USER_SCROLL_EVENTS.forEach((type) => list.removeEventListener(type, stop));
    };
    // The list keeps its end in place as rows grow, so the reply's top is set again whenever the reply resizes.
    const showTop = () => {
      const index = rowsRef.current.indexOf(finished);
      const row = list.querySelector<HTMLElement>(`[data-index="${index}"]`);
      if (index < 0 || !row || row.getBoundingClientRect().height <= list.clientHeight) return;
      virtualizer.scrollToIndex(index, { align: 'start' });
      if (!observer && typeof ResizeObserver !== 'undefined') {
        observer = new ResizeObserver(() => showTop());
        observer.observe(row);
        USER_SCROLL_EVENTS.forEach((type) => list.addEventListener(type, stop, { passive: true }));
      }
    };
    // Two frames: the folded tools and member responses are measured before the reply's height is read.
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(showTop);
    });
    const timer = setTimeout(stop, HOLD_MS);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      stop();
    };
  }, [virtualizer, scrollRef, liveId]);
}
