// The Agent's Computer. Wide screens: the panel beside the chat, or the edge tab when closed. Below 640 px: a link
// above the chat that opens it as a full-screen sheet; it never opens by itself there.
import { useState } from 'react';
import type { ComputerPanelState } from '../hooks/useComputerPanel';
import { ComputerEdgeTab } from './ComputerEdgeTab';
import { ComputerPanel } from './ComputerPanel';
import { ComputerSheet } from './ComputerSheet';
import { WatchComputerLink } from './WatchComputerLink';

export function AgentComputer({ computer, narrow }: { computer: ComputerPanelState; narrow: boolean }) {
  const [sheetOpen, setSheetOpen] = useState(false);
  if (!computer.url) return null;
  if (narrow) {
    return (
      <>
        <WatchComputerLink onOpen={() => setSheetOpen(true)} />
        <ComputerSheet url={computer.url} open={sheetOpen} onClose={() => setSheetOpen(false)} />
      </>
    );
  }
  if (!computer.open) return <ComputerEdgeTab onOpen={computer.reopen} />;
  return <ComputerPanel url={computer.url} onClose={computer.close} />;
}
