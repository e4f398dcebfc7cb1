// Markdown of replies (GFM, highlighted code); raw HTML is never rendered and links open only http(s) or mailto.
import { memo, type ComponentProps } from 'react';
import { styled } from '@mui/material/styles';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import rehypeHighlight from 'rehype-highlight';
import type { Block } from '../streamBlocks';

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

/**
 * react-markdown runs each plugin's setup on every render, and rehype-highlight's setup registers all its grammars
 * anew (most of a short block's render time). Set up once, on the first reply that has code, the grammars register
 * and compile once and every render shares them.
 */
let highlighter: ReturnType<typeof rehypeHighlight> | null = null;
const highlightCode: ReturnType<typeof rehypeHighlight> = (tree, file) => {
  if (!hasCode(tree)) return undefined;
  highlighter ??= rehypeHighlight();
  return highlighter(tree, file);
};
const remarkPlugins = [remarkGfm];
const rehypePlugins = [() => highlightCode];

/** Whether a rendered tree holds an element (code blocks are `pre` elements, possibly inside lists or quotes). */
function hasCode(node: { type: string; tagName?: string; children?: unknown[] }): boolean {
  if (node.type === 'element' && node.tagName === 'pre') return true;
  return (node.children ?? []).some((child) => hasCode(child as typeof node));
}

/** The Markdown styles, on one element around however many blocks it holds. */
const MarkdownBody = styled('div')(({ theme }) => ({
  overflowWrap: 'anywhere',
  '& p': { margin: theme.spacing(0.75, 0) },
  '& pre': {
    padding: theme.spacing(1.5),
    borderRadius: theme.shape.borderRadius,
    overflowX: 'auto',
    backgroundColor: theme.palette.action.hover,
    fontSize: '0.85rem',
  },
  '& code': { fontFamily: 'monospace' },
  '& table': { borderCollapse: 'collapse' },
  '& th, & td': { border: `1px solid ${theme.palette.divider}`, padding: theme.spacing(0, 1) },
  '& img': { maxWidth: '100%' },
  '& .hljs-keyword, & .hljs-built_in, & .hljs-selector-tag': { color: theme.palette.secondary.main },
  '& .hljs-string, & .hljs-attr': { color: theme.palette.success.main },
  '& .hljs-number, & .hljs-literal': { color: theme.palette.warning.main },
  '& .hljs-comment': { color: theme.palette.text.secondary, fontStyle: 'italic' },
}));

/** One piece of Markdown, rendered again only when its text changes. */
const MarkdownText = memo(function MarkdownText({ text }: { text: string }) {
  return (
    <ReactMarkdown remarkPlugins={remarkPlugins} rehypePlugins={rehypePlugins} components={components} skipHtml>
      {text}
    </ReactMarkdown>
  );
});

export function MarkdownContent({ text }: { text: string }) {
  return (
    <MarkdownBody className="markdown-body">
      <MarkdownText text={text} />
    </MarkdownBody>
  );
}

/** A reply split into blocks (streamBlocks.ts): a block keeps its render while later blocks change or grow. */
export function MarkdownBlocksContent({ blocks }: { blocks: readonly Block[] }) {
  return (
    <MarkdownBody className="markdown-body">
      {blocks.map((block) => (
        <MarkdownText key={block.key} text={block.text} />
      ))}
    </MarkdownBody>
  );
}
