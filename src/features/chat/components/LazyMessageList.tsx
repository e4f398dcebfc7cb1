// The message list (virtualizer, message rows, tool timelines, workflow cards) as a chunk of its own: an empty chat
// paints without it, and it loads right after that first paint, or at once when a conversation opens.
import { useSyncExternalStore, type ComponentProps, type ReactNode } from 'react';

type List = (typeof import('./MessageList'))['MessageList'];

/** The loaded chunk's component, in an object so that the render below does not look like one creating a component. */
let loaded: { MessageList: List } | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

/** Starts loading the list's chunk (once); after a failed load (offline), the next call tries again. */
export function preloadMessageList(): void {
  loading ??= import('./MessageList').then(
    ({ MessageList }) => {
      loaded = { MessageList };
      listeners.forEach((listener) => listener());
    },
    () => {
      loading = null;
    },
  );
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const loadedList = () => loaded;

type ListProps = ComponentProps<List>;

/**
 * The fallback until the chunk is there, then the list. Not a Suspense boundary: React holds back what a boundary
 * reveals for up to 300 ms after a fallback shows, and a conversation's first messages would wait for that.
 */
export function LazyMessageList({ fallback, ...props }: ListProps & { fallback: ReactNode }) {
  const list = useSyncExternalStore(subscribe, loadedList, loadedList);
  if (!list) {
    preloadMessageList();
    return fallback;
  }
  return <list.MessageList {...props} />;
}
