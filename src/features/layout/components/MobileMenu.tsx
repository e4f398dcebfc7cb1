// The header's collapsible menu on small screens; its items load on the first press, so pages start with less code.
import { lazy, Suspense, useState } from 'react';
import { Box, IconButton } from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';

const MobileMenuList = lazy(() => import('./MobileMenuList'));

export function MobileMenu({ signedIn, onLogout }: { signedIn: boolean; onLogout: () => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Stays mounted after the first open so the menu keeps its closing transition.
  const [opened, setOpened] = useState(false);
  const close = () => setAnchor(null);

  return (
    <Box sx={{ display: { xs: 'flex', md: 'none' } }}>
      <IconButton
        color="inherit"
        aria-label="Open menu"
        aria-haspopup="menu"
        aria-controls={anchor ? 'mobile-menu' : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e) => {
          setAnchor(e.currentTarget);
          setOpened(true);
        }}
      >
        <MenuIcon />
      </IconButton>
      {opened && (
        <Suspense fallback={null}>
          <MobileMenuList anchor={anchor} signedIn={signedIn} onClose={close} onLogout={onLogout} />
        </Suspense>
      )}
    </Box>
  );
}
