// The admin-mode toggle as a header button, where a floating one would cover controls (adminTogglePlacement.ts).
import { IconButton } from '@mui/material';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { LazyTooltip } from '../../../components/LazyTooltip';
import { selectAdminMode } from '../../auth/authSelectors';
import { adminModeToggled } from '../../auth/authSlice';

export function AdminModeButton() {
  const dispatch = useAppDispatch();
  const adminMode = useAppSelector(selectAdminMode);
  return (
    <LazyTooltip title="Admin mode (Shift+Alt+A)">
      <IconButton
        color={adminMode ? 'warning' : 'inherit'}
        aria-label="Admin mode"
        aria-pressed={adminMode}
        onClick={() => dispatch(adminModeToggled())}
      >
        <AdminPanelSettingsIcon />
      </IconButton>
    </LazyTooltip>
  );
}
