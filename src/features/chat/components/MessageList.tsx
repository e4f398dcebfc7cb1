// The virtualized message list; it follows the newest message unless the user scrolled more than 100 px up.
import { useEffect, useRef, useState } from 'react';
import { Virtuoso, type VirtuosoHandle } from 'react-virtuoso';
import { useAppSelector } from '../../../app/hooks';
import { selectIsStreaming, selectMessageIds, selectMessageTimeLabels } from '../chatSelectors';
import { LiveReply } from './LiveReply';
import { MessageItem } from './MessageItem';

/** SPEC §9 auto-scroll threshold. */
export const AUTO_SCROLL_THRESHOLD_PX = 100;
const LIVE_ID = '__live__';
const MINUTE_MS = 60_000;
const USER_SCROLL_WINDOW_MS = 600;

function useMinuteClock(): number {
  const [now, setNow] = useState(() => Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS);
  useEffect(() => {
    const timer = setInterval(() => setNow(Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS), MINUTE_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** Whether the user has scrolled more than the threshold away from the newest message. */
export function scrolledUp(el: Pick<HTMLElement, 'scrollHeight' | 'scrollTop' | 'clientHeight'>): boolean {
  return el.scrollHeight - el.scrollTop - el.clientHeight > AUTO_SCROLL_THRESHOLD_PX;
}

export function MessageList({ homeTeam }: { homeTeam: boolean }) {
  const ids = useAppSelector(selectMessageIds);
  const streaming = useAppSelector(selectIsStreaming);
  const now = useMinuteClock();
  const labels = useAppSelector((state) => selectMessageTimeLabels(state, now));
  const listRef = useRef<VirtuosoHandle>(null);
  const [scroller, setScroller] = useState<HTMLElement | null>(null);
  // Only the user's own scrolling unpins the list: content growing below does not fire scroll events.
  const pinned = useRef(true);
  const data = streaming ? [...ids, LIVE_ID] : ids;

  useEffect(() => {
    if (!scroller) return undefined;
    // The list's own corrections also scroll it, so only a scroll right after the user's input can unpin it.
    let lastInput = 0;
    let dragging = false;
    const onInput = () => {
      lastInput = Date.now();
    };
    const onPointer = (event: Event) => {
      dragging = event.type === 'pointerdown';
      onInput();
    };
    const onScroll = () => {
      if (!scrolledUp(scroller)) pinned.current = true;
      else if (dragging || Date.now() - lastInput < USER_SCROLL_WINDOW_MS) pinned.current = false;
    };
    const inputs = ['wheel', 'touchmove', 'keydown'];
    inputs.forEach((type) => scroller.addEventListener(type, onInput, { passive: true }));
    ['pointerdown', 'pointerup'].forEach((type) => window.addEventListener(type, onPointer, { passive: true }));
    scroller.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      inputs.forEach((type) => scroller.removeEventListener(type, onInput));
      ['pointerdown', 'pointerup'].forEach((type) => window.removeEventListener(type, onPointer));
      scroller.removeEventListener('scroll', onScroll);
    };
  }, [scroller]);

  // Sending a message always shows it, whatever the scroll position.
  useEffect(() => {
    if (streaming) pinned.current = true;
  }, [streaming]);

  const toBottom = () => {
    if (pinned.current && scroller) scroller.scrollTo({ top: scroller.scrollHeight });
  };

  // New messages keep the newest one in view while the list is pinned.
  useEffect(() => {
    if (pinned.current) listRef.current?.scrollToIndex({ index: 'LAST', align: 'end' });
  }, [streaming, ids.length]);

  return (
    <Virtuoso
      ref={listRef}
      scrollerRef={(el) => setScroller(el instanceof HTMLElement ? el : null)}
      data={data}
      style={{ flex: 1 }}
      initialTopMostItemIndex={{ index: 'LAST', align: 'end' }}
      // Items grow after they are placed (live text, Markdown rendering, tool panels): follow them while pinned.
      totalListHeightChanged={toBottom}
      computeItemKey={(_, id) => id}
      itemContent={(_, id) => (
        <div style={{ padding: '0 16px' }}>
          {id === LIVE_ID ? <LiveReply /> : <MessageItem id={id} timeLabel={labels[id] ?? ''} homeTeam={homeTeam} />}
        </div>
      )}
    />
  );
}
