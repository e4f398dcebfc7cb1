// The tool-event timeline of a reply: shown while the reply streams, folded under "Tools (n)" once it has finished.
import { memo } from 'react';
import { CollapsibleSection } from '../../../components/CollapsibleSection';
import type { ToolRun } from '../chatSelectors';
import { ToolRunItem } from './ToolRunItem';

export const ToolTimeline = memo(function ToolTimeline({
  runs,
  open = true,
}: {
  runs: readonly ToolRun[];
  open?: boolean;
}) {
  if (runs.length === 0) return null;
  return (
    <CollapsibleSection label="Tool calls" title={`Tools (${runs.length})`} defaultOpen={open}>
      {runs.map((run) => (
        <ToolRunItem key={run.tool.tool_call_id} run={run} />
      ))}
    </CollapsibleSection>
  );
});
