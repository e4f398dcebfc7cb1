// A chunk loaded on demand and rendered once it is there, without a Suspense boundary (React holds back what a boundary
// reveals for up to 300 ms after its fallback shows). Loaded once; after a failed load (offline) the next call tries
// again.
import { useSyncExternalStore } from 'react';

export interface LazyChunk<Module> {
  /** Starts loading (once); resolves to whether the chunk is there. */
  preload(): Promise<boolean>;
  /** The loaded module, in a wrapper object (so that rendering `chunk.module.Component` reads as a static component),
   * or null until it has loaded. */
  useLoaded(): { module: Module } | null;
}

export function lazyChunk<Module>(load: () => Promise<Module>): LazyChunk<Module> {
  let loaded: { module: Module } | null = null;
  let loading: Promise<boolean> | null = null;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const current = () => loaded;
  return {
    preload: () =>
      (loading ??= load().then(
        (module) => {
          loaded = { module };
          listeners.forEach((listener) => listener());
          return true;
        },
        () => {
          loading = null;
          return false;
        },
      )),
    useLoaded: () => useSyncExternalStore(subscribe, current, current),
  };
}
