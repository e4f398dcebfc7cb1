// Whether the window is narrower than SPEC §9's narrow-screen threshold (640 px), following resizes.
import { useSyncExternalStore } from 'react';

export const NARROW_SCREEN_PX = 640;

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

const isNarrow = () => window.innerWidth < NARROW_SCREEN_PX;

export function useNarrowScreen(): boolean {
  return useSyncExternalStore(subscribe, isNarrow, () => false);
}
