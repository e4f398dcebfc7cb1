// A team reply's Markdown, block by block (streamBlocks.ts): while it streams only the growing block renders again,
// and when it ends the blocks it streamed stay as they are. A workflow it carries (replyWorkflow.ts) shows as a
// diagram in place of its JSON code block, once that block is closed and parses.
import { memo, useMemo } from 'react';
import { createdWorkflowUrl, findReplyWorkflow } from '../replyWorkflow';
import { splitBlocks } from '../streamBlocks';
import { MarkdownBlocks } from './Markdown';
import { WorkflowPanel } from './WorkflowPanel';

export const ReplyMarkdown = memo(function ReplyMarkdown({ text, streaming }: { text: string; streaming: boolean }) {
  const found = useMemo(() => findReplyWorkflow(text), [text]);
  const n8nUrl = useMemo(() => (found ? createdWorkflowUrl(text) : null), [found, text]);
  const before = found ? text.slice(0, found.start) : text;
  const after = found ? text.slice(found.end) : '';
  const end = found?.end ?? 0;
  const blocks = useMemo(() => splitBlocks(before, !streaming), [before, streaming]);
  // Keyed by where they start in the whole reply, as the blocks before the workflow are.
  const blocksAfter = useMemo(
    () => splitBlocks(after, !streaming).map((block) => ({ key: block.key + end, text: block.text })),
    [after, end, streaming],
  );
  return (
    <>
      {blocks.length > 0 && <MarkdownBlocks key="before" blocks={blocks} />}
      {found && <WorkflowPanel key="workflow" found={found} n8nUrl={n8nUrl} />}
      {blocksAfter.length > 0 && <MarkdownBlocks key="after" blocks={blocksAfter} />}
    </>
  );
});
