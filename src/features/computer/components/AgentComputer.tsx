// The Agent's Computer. Wide screens: the panel beside the chat, or the edge tab when closed. Below 640 px: a link
// above the chat that opens it as a full-screen sheet; it never opens by itself there. The panel and the sheet load
// when a run first shows an address, so the chat's first screen goes without them.
import { lazy, Suspense, useState } from 'react';
import type { ComputerPanelState } from '../hooks/useComputerPanel';
import { ComputerEdgeTab } from './ComputerEdgeTab';
import { WatchComputerLink } from './WatchComputerLink';

const ComputerPanel = lazy(() => import('./ComputerPanel').then((m) => ({ default: m.ComputerPanel })));
const ComputerSheet = lazy(() => import('./ComputerSheet').then((m) => ({ default: m.ComputerSheet })));

export function AgentComputer({ computer, narrow }: { computer: ComputerPanelState; narrow: boolean }) {
  const [sheetOpen, setSheetOpen] = useState(false);
  if (!computer.url) return null;
  if (narrow) {
    return (
      <>
        <WatchComputerLink onOpen={() => setSheetOpen(true)} />
        <Suspense fallback={null}>
          <ComputerSheet url={computer.url} open={sheetOpen} onClose={() => setSheetOpen(false)} />
        </Suspense>
      </>
    );
  }
  if (!computer.open) return <ComputerEdgeTab onOpen={computer.reopen} />;
  return (
    <Suspense fallback={null}>
      <ComputerPanel url={computer.url} onClose={computer.close} />
    </Suspense>
  );
}
