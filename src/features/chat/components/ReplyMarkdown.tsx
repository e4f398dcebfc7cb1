// A team reply's Markdown, block by block (streamBlocks.ts): while it streams only the growing block renders again,
// and when it ends the blocks it streamed stay as they are. A workflow the reply carries (the server's workflow field,
// else its closed JSON code block) shows as the page's workflow panel in place of that code block; the reply's own
// "Open in n8n" link is then left to the panel's button, so it shows once.
import { memo, Suspense, use, useMemo } from 'react';
import type { ReplyWorkflow as WorkflowData } from '../../../../contract/types';
import { createdWorkflowUrl, replyWorkflowOf } from '../../workflow/replyWorkflow';
import { splitBlocks } from '../streamBlocks';
import { WorkflowPanelSlot } from '../workflowSlot';
import { Markdown, MarkdownBlocks } from './Markdown';

const renderJson = (code: string) => <Markdown text={code} />;

/** The reply's Markdown link to the created workflow, and the "…: " that leads to it, become a plain sentence end. */
function withoutLink(text: string, url: string | null): string {
  if (!url) return text;
  const escaped = url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return text.replace(new RegExp(`:?\\s*\\[[^\\]\\n]*\\]\\(\\s*<?${escaped}>?\\s*\\)`, 'g'), '.');
}

interface ReplyMarkdownProps {
  text: string;
  streaming: boolean;
  workflow?: WorkflowData;
}

export const ReplyMarkdown = memo(function ReplyMarkdown({ text, streaming, workflow }: ReplyMarkdownProps) {
  const Panel = use(WorkflowPanelSlot);
  const found = useMemo(() => (Panel ? replyWorkflowOf(text, workflow) : null), [Panel, text, workflow]);
  const n8nUrl = useMemo(() => (found ? (workflow?.url ?? createdWorkflowUrl(text)) : null), [found, text, workflow]);
  const placed = found && found.start >= 0;
  const before = withoutLink(placed ? text.slice(0, found.start) : text, n8nUrl);
  const after = withoutLink(placed ? text.slice(found.end) : '', n8nUrl);
  const end = placed ? found.end : 0;
  const blocks = useMemo(() => splitBlocks(before, !streaming), [before, streaming]);
  // Keyed by where they start in the whole reply, as the blocks before the workflow are.
  const blocksAfter = useMemo(
    () => splitBlocks(after, !streaming).map((block) => ({ key: block.key + end, text: block.text })),
    [after, end, streaming],
  );
  const panel =
    found && Panel ? (
      <Suspense key="workflow" fallback={null}>
        <Panel found={found} n8nUrl={n8nUrl} renderJson={renderJson} />
      </Suspense>
    ) : null;
  return (
    <>
      {blocks.length > 0 && <MarkdownBlocks key="before" blocks={blocks} />}
      {placed && panel}
      {blocksAfter.length > 0 && <MarkdownBlocks key="after" blocks={blocksAfter} />}
      {!placed && panel}
    </>
  );
});
