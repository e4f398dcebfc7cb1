// Markdown of replies (GFM, highlighted code); raw HTML is never rendered and links open only http(s) or mailto.
import type { ComponentProps } from 'react';
import { Box } from '@mui/material';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import rehypeHighlight from 'rehype-highlight';

const SAFE_LINK = /^(https?:|mailto:)/i;

/** Anything but http(s) and mailto (javascript:, data:, relative paths) loses its address. */
export function safeHref(href: string | undefined): string | undefined {
  return href && SAFE_LINK.test(href.trim()) ? href.trim() : undefined;
}

function Link({ href, children }: ComponentProps<'a'>) {
  const safe = safeHref(href);
  if (!safe) return <span>{children}</span>;
  return (
    <a href={safe} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

const components: Components = { a: Link };

export function MarkdownContent({ text }: { text: string }) {
  return (
    <Box
      className="markdown-body"
      sx={{
        overflowWrap: 'anywhere',
        '& p': { my: 0.75 },
        '& pre': { p: 1.5, borderRadius: 1, overflowX: 'auto', bgcolor: 'action.hover', fontSize: '0.85rem' },
        '& code': { fontFamily: 'monospace' },
        '& table': { borderCollapse: 'collapse' },
        '& th, & td': { border: 1, borderColor: 'divider', px: 1 },
        '& img': { maxWidth: '100%' },
        '& .hljs-keyword, & .hljs-built_in, & .hljs-selector-tag': { color: 'secondary.main' },
        '& .hljs-string, & .hljs-attr': { color: 'success.main' },
        '& .hljs-number, & .hljs-literal': { color: 'warning.main' },
        '& .hljs-comment': { color: 'text.secondary', fontStyle: 'italic' },
      }}
    >
      <ReactMarkdown remarkPlugins={[remarkGfm]} rehypePlugins={[rehypeHighlight]} components={components} skipHtml>
        {text}
      </ReactMarkdown>
    </Box>
  );
}
