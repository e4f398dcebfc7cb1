// On a phone, a line above the chat says the agent's computer is there and opens it.
import { Box, Button } from '@mui/material';
import DesktopWindowsIcon from '@mui/icons-material/DesktopWindows';

export function WatchComputerLink({ onOpen }: { onOpen: () => void }) {
  return (
    <Box sx={{ px: 2, py: 0.5, borderBottom: 1, borderColor: 'divider' }}>
      <Button size="small" startIcon={<DesktopWindowsIcon />} onClick={onOpen} aria-haspopup="dialog">
        Watch the agent&apos;s computer
      </Button>
    </Box>
  );
}
