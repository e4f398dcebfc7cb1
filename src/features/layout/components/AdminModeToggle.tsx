// Admin mode: the Shift+Alt+A shortcut and a floating toggle (in the header instead where it would cover controls,
// see adminTogglePlacement.ts), admins only, confirmed by a brief yellow flash.
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Box } from '@mui/material';
import { keyframes } from '@mui/material/styles';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectAdminMode, selectIsAdmin } from '../../auth/authSelectors';
import { adminModeToggled } from '../../auth/authSlice';
import { useAdminInHeader } from './adminTogglePlacement';

// Its own chunk: where the button sits in the header (the team chat, small screens), the floating one never loads.
const AdminModeFab = lazy(() => import('./AdminModeFab').then((m) => ({ default: m.AdminModeFab })));

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
        <Suspense fallback={null}>
          <AdminModeFab adminMode={adminMode} onToggle={() => dispatch(adminModeToggled())} />
        </Suspense>
      )}
    </>
  );
}
