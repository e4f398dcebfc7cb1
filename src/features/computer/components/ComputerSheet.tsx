// On a phone the Agent's Computer fills the screen, only when asked, with "Back to chat" at the top.
import { Dialog } from '@mui/material';
import { ComputerPanel } from './ComputerPanel';

export function ComputerSheet({ url, open, onClose }: { url: string; open: boolean; onClose: () => void }) {
  return (
    <Dialog fullScreen open={open} onClose={onClose} slotProps={{ paper: { 'aria-label': "Agent's Computer" } }}>
      {open && <ComputerPanel url={url} onClose={onClose} onBack={onClose} />}
    </Dialog>
  );
}
