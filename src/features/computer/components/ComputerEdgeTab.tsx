// The edge tab that reopens a closed Agent's Computer while the conversation has a desktop address.
import { Button } from '@mui/material';
import DesktopWindowsIcon from '@mui/icons-material/DesktopWindows';

export function ComputerEdgeTab({ onOpen }: { onOpen: () => void }) {
  return (
    <Button
      onClick={onOpen}
      variant="contained"
      size="small"
      startIcon={<DesktopWindowsIcon sx={{ transform: 'rotate(90deg)' }} />}
      sx={{
        position: 'absolute',
        right: 0,
        top: '40%',
        writingMode: 'vertical-rl',
        transform: 'rotate(180deg)',
        borderRadius: '0 8px 8px 0',
        minWidth: 0,
        py: 1.5,
        px: 0.5,
        zIndex: 2,
      }}
    >
      Agent&apos;s Computer
    </Button>
  );
}
