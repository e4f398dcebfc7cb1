// The message list (virtualizer, message rows, tool timelines, workflow cards) as a chunk of its own: an empty chat
// paints without it, and it loads right after that first paint, or on the spot when a conversation opens.
import { lazy, Suspense, type ComponentProps, type ReactNode } from 'react';

type ListModule = typeof import('./MessageList');

/** The loaded module, once there is one: then the list renders at once instead of suspending for a tick. */
let loaded: ListModule | null = null;
let loading: Promise<ListModule> | null = null;

export function preloadMessageList(): void {
  loading ??= import('./MessageList').then((module) => (loaded = module));
}

const Lazy = lazy(async () => {
  preloadMessageList();
  return { default: (await loading!).MessageList };
});

/** After the browser has painted the current frame, so that the first screen's paint does not wait for the request. */
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

type ListProps = ComponentProps<ListModule['MessageList']>;

export function LazyMessageList({ fallback, ...props }: ListProps & { fallback: ReactNode }) {
  if (loaded) return <loaded.MessageList {...props} />;
  return (
    <Suspense fallback={fallback}>
      <Lazy {...props} />
    </Suspense>
  );
}
