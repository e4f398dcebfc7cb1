// A team reply's Markdown, block by block (streamBlocks.ts): while it streams only the growing block renders again,
// and when it ends the blocks it streamed stay as they are.
import { memo, useMemo } from 'react';
import { splitBlocks } from '../streamBlocks';
import { MarkdownBlocks } from './Markdown';

export const ReplyMarkdown = memo(function ReplyMarkdown({ text, streaming }: { text: string; streaming: boolean }) {
  const blocks = useMemo(() => splitBlocks(text, !streaming), [text, streaming]);
  if (blocks.length === 0) return null;
  return <MarkdownBlocks blocks={blocks} />;
});
