// Whether the window is narrower than a width (by default SPEC §9's narrow-screen threshold, 640 px), following resizes.
import { useCallback, useMemo, useSyncExternalStore } from 'react';

const NARROW_SCREEN_PX = 640;

/**
 * A media query where the browser has them: reading `innerWidth` makes a phone's browser lay the page out first, and
 * this is read on every render of the chat. Without `matchMedia` (jsdom), the width itself and resize events.
 */
function narrowQuery(widthPx: number): MediaQueryList | null {
  return typeof window.matchMedia === 'function' ? window.matchMedia(`(width < ${widthPx}px)`) : null;
}

/** The same answer outside React, read once (as the app starts). */
export function isNarrowScreen(widthPx = NARROW_SCREEN_PX): boolean {
  return narrowQuery(widthPx)?.matches ?? window.innerWidth < widthPx;
}

export function useNarrowScreen(widthPx = NARROW_SCREEN_PX): boolean {
  const query = useMemo(() => narrowQuery(widthPx), [widthPx]);
  const subscribe = useCallback(
    (onChange: () => void) => {
      const target = query ?? window;
      const event = query ? 'change' : 'resize';
      target.addEventListener(event, onChange);
      return () => target.removeEventListener(event, onChange);
    },
    [query],
  );
  const isNarrow = useCallback(() => (query ? query.matches : window.innerWidth < widthPx), [query, widthPx]);
  return useSyncExternalStore(subscribe, isNarrow, () => false);
}
