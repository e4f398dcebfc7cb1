// The Markdown renderer loaded on first use, so its parser and highlighter stay out of the first page load.
import { lazy, Suspense } from 'react';
import { Typography } from '@mui/material';
import type { Block } from '../streamBlocks';

type Renderer = Pick<typeof import('./MarkdownContent'), 'MarkdownContent' | 'MarkdownBlocksContent'>;

/** The loaded module, once there is one: then it renders at once instead of suspending for a tick. */
let loaded: Renderer | null = null;
let loading: Promise<Renderer> | null = null;

function renderer(): Promise<Renderer> {
  loading ??= import('./MarkdownContent').then(
    ({ MarkdownContent, MarkdownBlocksContent }) => (loaded = { MarkdownContent, MarkdownBlocksContent }),
  );
  return loading;
}

const LazyContent = lazy(() => renderer().then((m) => ({ default: m.MarkdownContent })));
const LazyBlocks = lazy(() => renderer().then((m) => ({ default: m.MarkdownBlocksContent })));

/**
 * Starts loading the renderer when a reply is about to arrive (the user is writing, or a conversation opens), so
 * its download and start-up happen before the first streamed words rather than in the middle of them.
 */
export function preloadMarkdown(): void {
  void renderer();
}

/** While the renderer loads, the plain text shows, so nothing jumps or disappears. */
function PlainText({ text }: { text: string }) {
  return <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{text}</Typography>;
}

export function Markdown({ text }: { text: string }) {
  if (loaded) return <loaded.MarkdownContent text={text} />;
  return (
    <Suspense fallback={<PlainText text={text} />}>
      <LazyContent text={text} />
    </Suspense>
  );
}

export function MarkdownBlocks({ blocks }: { blocks: readonly Block[] }) {
  if (loaded) return <loaded.MarkdownBlocksContent blocks={blocks} />;
  return (
    <Suspense fallback={<PlainText text={blocks.map((block) => block.text).join('\n\n')} />}>
      <LazyBlocks blocks={blocks} />
    </Suspense>
  );
}
