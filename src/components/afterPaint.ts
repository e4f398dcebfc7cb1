// Work that can wait until the browser has shown the page: it then neither delays the first paint nor competes with
// it for the network.
import { useSyncExternalStore, type ReactNode } from 'react';

/** Runs `task` after the browser has painted the current frame; returns a cancel function. */
export function afterPaint(task: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(task);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

let firstPaintDone = false;
let scheduled = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!firstPaintDone && !scheduled) {
    scheduled = true;
    afterPaint(() => {
      firstPaintDone = true;
      listeners.forEach((notify) => notify());
    });
  }
  return () => listeners.delete(listener);
}

const isFirstPaintDone = () => firstPaintDone;

/** False until the page's first frame with this component has painted, then true (at once for later mounts). */
function useAfterFirstPaint(): boolean {
  return useSyncExternalStore(subscribe, isFirstPaintDone, () => false);
}

/**
 * Its children once the page's first frame has painted. Only this wrapper renders again then (a store update outside
 * React renders synchronously), not the page around it.
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  return useAfterFirstPaint() ? children : null;
}
