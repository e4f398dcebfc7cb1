// Admin mode: the Shift+Alt+A shortcut and a floating toggle (in the header instead where it would cover controls,
// see adminTogglePlacement.ts), admins only, confirmed by a brief yellow flash.
import { useEffect, useRef, useState } from 'react';
import { Box, Fab, Tooltip } from '@mui/material';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import { keyframes } from '@mui/material/styles';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectAdminMode, selectIsAdmin } from '../../auth/authSelectors';
import { adminModeToggled } from '../../auth/authSlice';
import { useAdminInHeader } from './adminTogglePlacement';

export const FLASH_MS = 400;
const flash = keyframes`from { opacity: 0.55; } to { opacity: 0; }`;

/** Shift+Alt+A; the physical key, since Alt changes the typed character on some layouts. */
function isAdminShortcut(event: Pick<KeyboardEvent, 'shiftKey' | 'altKey' | 'code' | 'key'>): boolean {
  return event.shiftKey && event.altKey && (event.code === 'KeyA' || event.key.toLowerCase() === 'a');
}

export function AdminModeToggle() {
  const dispatch = useAppDispatch();
  const isAdmin = useAppSelector(selectIsAdmin);
  const adminMode = useAppSelector(selectAdminMode);
  const [flashKey, setFlashKey] = useState(0);
  const previous = useRef(adminMode);
  const inHeader = useAdminInHeader();

  useEffect(() => {
    if (!isAdmin) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (!isAdminShortcut(event)) return;
      event.preventDefault();
      dispatch(adminModeToggled());
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [isAdmin, dispatch]);

  useEffect(() => {
    if (previous.current !== adminMode) setFlashKey((k) => k + 1);
    previous.current = adminMode;
  }, [adminMode]);

  useEffect(() => {
    if (flashKey === 0) return undefined;
    const timer = setTimeout(() => setFlashKey(0), FLASH_MS);
    return () => clearTimeout(timer);
  }, [flashKey]);

  if (!isAdmin) return null;
  return (
    <>
      {flashKey > 0 && (
        <Box
          key={flashKey}
          data-testid="admin-flash"
          aria-hidden
          sx={{
            position: 'fixed',
            inset: 0,
            bgcolor: '#facc15',
            pointerEvents: 'none',
            zIndex: 2000,
            animation: `${flash} ${FLASH_MS}ms ease-out forwards`,
          }}
        />
      )}
      {!inHeader && (
        <Tooltip title="Admin mode (Shift+Alt+A)">
          <Fab
            size="small"
            color={adminMode ? 'warning' : 'default'}
            aria-label="Admin mode"
            aria-pressed={adminMode}
            onClick={() => dispatch(adminModeToggled())}
            sx={{ position: 'fixed', bottom: 16, right: 16, zIndex: 1200 }}
          >
            <AdminPanelSettingsIcon />
          </Fab>
        </Tooltip>
      )}
    </>
  );
}
