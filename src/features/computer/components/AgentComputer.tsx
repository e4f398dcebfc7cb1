// The right-hand Agent's Computer: the panel when open, the edge tab when closed and an address exists.
import { useComputerPanel } from '../hooks/useComputerPanel';
import { ComputerEdgeTab } from './ComputerEdgeTab';
import { ComputerPanel } from './ComputerPanel';

export function AgentComputer({ sessionId }: { sessionId: string | null }) {
  const computer = useComputerPanel(sessionId);
  if (!computer.url) return null;
  if (!computer.open) return <ComputerEdgeTab onOpen={computer.reopen} />;
  return <ComputerPanel url={computer.url} onClose={computer.close} />;
}
