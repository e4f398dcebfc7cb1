// The virtualized message list; it follows the newest message unless the user scrolled more than 100 px up.
import { useEffect, useRef, useState } from 'react';
import { Virtuoso, type VirtuosoHandle } from 'react-virtuoso';
import { useAppSelector } from '../../../app/hooks';
import { selectIsStreaming, selectLiveText, selectMessageIds, selectMessageTimeLabels } from '../chatSelectors';
import { LiveReply } from './LiveReply';
import { MessageItem } from './MessageItem';

/** SPEC §9 auto-scroll threshold. */
export const AUTO_SCROLL_THRESHOLD_PX = 100;
const LIVE_ID = '__live__';
const MINUTE_MS = 60_000;

function useMinuteClock(): number {
  const [now, setNow] = useState(() => Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS);
  useEffect(() => {
    const timer = setInterval(() => setNow(Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS), MINUTE_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export function MessageList({ homeTeam }: { homeTeam: boolean }) {
  const ids = useAppSelector(selectMessageIds);
  const streaming = useAppSelector(selectIsStreaming);
  const liveText = useAppSelector(selectLiveText);
  const now = useMinuteClock();
  const labels = useAppSelector((state) => selectMessageTimeLabels(state, now));
  const listRef = useRef<VirtuosoHandle>(null);
  const atBottom = useRef(true);
  const data = streaming ? [...ids, LIVE_ID] : ids;

  // Sending a message always shows it, whatever the scroll position.
  useEffect(() => {
    if (!streaming) return;
    atBottom.current = true;
    listRef.current?.scrollToIndex({ index: 'LAST', align: 'end' });
  }, [streaming]);

  // The live reply grows in place (no new item for followOutput), so keep it in view while the user stays at the bottom.
  useEffect(() => {
    if (streaming && atBottom.current) listRef.current?.scrollToIndex({ index: 'LAST', align: 'end' });
  }, [streaming, liveText]);

  return (
    <Virtuoso
      ref={listRef}
      data={data}
      style={{ flex: 1 }}
      atBottomThreshold={AUTO_SCROLL_THRESHOLD_PX}
      atBottomStateChange={(bottom) => {
        atBottom.current = bottom;
      }}
      followOutput={(isAtBottom) => (isAtBottom ? 'auto' : false)}
      initialTopMostItemIndex={{ index: 'LAST', align: 'end' }}
      computeItemKey={(_, id) => id}
      itemContent={(_, id) => (
        <div style={{ padding: '0 16px' }}>
          {id === LIVE_ID ? <LiveReply /> : <MessageItem id={id} timeLabel={labels[id] ?? ''} homeTeam={homeTeam} />}
        </div>
      )}
    />
  );
}
