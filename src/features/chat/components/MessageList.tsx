// The virtualized message list. It stays at the newest message while the user is within 100 px of the bottom
// (SPEC §9), a reply growing there renders without the list itself rendering again, and scrolling near the top loads
// the session's earlier messages above the ones shown, without moving them.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useAppSelector } from '../../../app/hooks';
import { selectCloseTimeIds, selectLiveReplyId, selectMessageEntities, selectMessageIds } from '../chatSelectors';
import { timeLabel } from '../timeFormat';
import type { EarlierHistory } from '../chatTypes';
import { EarlierProgress, useEarlierOnScroll } from './EarlierHistory';
import { preloadMarkdown } from './Markdown';
import { MessageItem } from './MessageItem';
import { useFinishedReplyInView } from './useFinishedReplyInView';

/** SPEC §9 auto-scroll threshold. */
const AUTO_SCROLL_THRESHOLD_PX = 100;
/** A first guess at a row's height; each row is measured once it renders. */
const ESTIMATED_ROW_PX = 160;
/** Rows rendered beyond each edge of the viewport, so a quick scroll does not show blank space. */
const OVERSCAN_ROWS = 4;
const MINUTE_MS = 60_000;
const ROW_STYLE = { position: 'absolute', top: 0, left: 0, width: '100%', padding: '0 16px' } as const;

function useMinuteClock(): number {
  const [now, setNow] = useState(() => Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS);
  useEffect(() => {
    const timer = setInterval(() => setNow(Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS), MINUTE_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export function MessageList({ homeTeam, earlier }: { homeTeam: boolean; earlier: EarlierHistory }) {
  const ids = useAppSelector(selectMessageIds);
  // The reply being streamed has the row of the message it becomes, so ending the run re-renders nothing in it.
  const liveId = useAppSelector(selectLiveReplyId);
  const now = useMinuteClock();
  const entities = useAppSelector(selectMessageEntities);
  const closeTimes = useAppSelector(selectCloseTimeIds);
  const data = useMemo(() => (liveId === null || ids.includes(liveId) ? ids : [...ids, liveId]), [ids, liveId]);
  const scrollRef = useRef<HTMLDivElement>(null);
  // A new key function makes the virtualizer lay out every row again, so it changes only with the rows.
  const getItemKey = useCallback((index: number) => data[index] ?? index, [data]);
  const virtualizer = useVirtualizer({
    count: data.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_ROW_PX,
    getItemKey,
    overscan: OVERSCAN_ROWS,
    // Growth at the end (a streaming reply, a row measured larger than guessed) keeps the end in view, and new
    // messages are followed, while the user is within the threshold of the bottom.
    anchorTo: 'end',
    followOnAppend: true,
    scrollEndThreshold: AUTO_SCROLL_THRESHOLD_PX,
    // Scrolling and rows resizing move rows in the DOM directly; React renders only when other rows come into view.
    directDomUpdates: true,
  });

  useEffect(preloadMarkdown, []);
  useEarlierOnScroll(virtualizer, earlier, data.length);
  useFinishedReplyInView(virtualizer, scrollRef, liveId, data);

  // A conversation opens at its newest message.
  useLayoutEffect(() => {
    virtualizer.scrollToEnd();
  }, [virtualizer]);

  // Sending a message always shows it, whatever the scroll position.
  useEffect(() => {
    if (liveId !== null) virtualizer.scrollToEnd();
  }, [virtualizer, liveId]);

  return (
    <div
      ref={scrollRef}
      role="region"
      aria-label="Messages"
      data-testid="message-list"
      // Keyboard users scroll the conversation with the arrow keys.
      tabIndex={0}
      aria-busy={earlier.loading}
      style={{ flex: 1, minHeight: 0, overflowY: 'auto', overflowAnchor: 'none', outline: 'none' }}
    >
      {earlier.loading && <EarlierProgress />}
      <div ref={virtualizer.containerRef} style={{ position: 'relative', width: '100%' }}>
        {virtualizer.getVirtualItems().map((row) => {
          const id = data[row.index]!;
          const message = entities[id];
          // Labelled here, for the rows shown only: a long session has thousands of messages.
          const label = message ? timeLabel(Date.parse(message.timestamp), now, closeTimes.has(id)) : '';
          return (
            <div key={row.key} data-index={row.index} ref={virtualizer.measureElement} style={ROW_STYLE}>
              <MessageItem id={id} timeLabel={label} homeTeam={homeTeam} />
            </div>
          );
        })}
      </div>
    </div>
  );
}
