// The floating admin-mode button, bottom right, where it covers no controls (adminTogglePlacement.ts).
import { Fab, Tooltip } from '@mui/material';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';

export function AdminModeFab({ adminMode, onToggle }: { adminMode: boolean; onToggle: () => void }) {
  return (
    <Tooltip title="Admin mode (Shift+Alt+A)">
      <Fab
        size="small"
        color={adminMode ? 'warning' : 'default'}
        aria-label="Admin mode"
        aria-pressed={adminMode}
        onClick={onToggle}
        sx={{ position: 'fixed', bottom: 16, right: 16, zIndex: 1200 }}
      >
        <AdminPanelSettingsIcon />
      </Fab>
    </Tooltip>
  );
}
