// Whether the window is narrower than a width (by default SPEC §9's narrow-screen threshold, 640 px), following resizes.
import { useCallback, useSyncExternalStore } from 'react';

const NARROW_SCREEN_PX = 640;

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

export function useNarrowScreen(widthPx = NARROW_SCREEN_PX): boolean {
  const isNarrow = useCallback(() => window.innerWidth < widthPx, [widthPx]);
  return useSyncExternalStore(subscribe, isNarrow, () => false);
}
