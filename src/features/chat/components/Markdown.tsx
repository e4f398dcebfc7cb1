// The Markdown renderer loaded on first use, so its parser and highlighter stay out of the first page load.
import { lazy, Suspense } from 'react';
import { Typography } from '@mui/material';

const MarkdownContent = lazy(() => import('./MarkdownContent').then((m) => ({ default: m.MarkdownContent })));

/** While the renderer loads, the plain text shows, so nothing jumps or disappears. */
export function Markdown({ text }: { text: string }) {
  return (
    <Suspense fallback={<Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{text}</Typography>}>
      <MarkdownContent text={text} />
    </Suspense>
  );
}
