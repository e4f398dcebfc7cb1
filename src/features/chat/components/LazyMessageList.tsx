// The message list (virtualizer, message rows, tool timelines, workflow cards) as a chunk of its own: an empty chat
// paints without it, and it loads right after that first paint, or at once when a conversation opens.
import type { ComponentProps, ReactNode } from 'react';
import { lazyChunk } from '../../../components/lazyChunk';

// The export taken by name, so that knip sees it used.
const listChunk = lazyChunk(() => import('./MessageList').then(({ MessageList }) => ({ MessageList })));

export function preloadMessageList(): void {
  void listChunk.preload();
}

type ListProps = ComponentProps<typeof import('./MessageList').MessageList>;

/** The fallback until the chunk is there, then the list. */
export function LazyMessageList({ fallback, ...props }: ListProps & { fallback: ReactNode }) {
  const list = listChunk.useLoaded();
  if (!list) {
    preloadMessageList();
    return fallback;
  }
  return <list.module.MessageList {...props} />;
}
