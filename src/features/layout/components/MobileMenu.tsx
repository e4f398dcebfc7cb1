// The header's collapsible menu on small screens.
import { useState } from 'react';
import { Box, IconButton, Menu, MenuItem } from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import { Link as RouterLink } from 'react-router';

export function MobileMenu({ signedIn, onLogout }: { signedIn: boolean; onLogout: () => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);

  return (
    <Box sx={{ display: { xs: 'flex', md: 'none' } }}>
      <IconButton
        color="inherit"
        aria-label="Open menu"
        aria-haspopup="menu"
        aria-controls={anchor ? 'mobile-menu' : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <MenuIcon />
      </IconButton>
      <Menu id="mobile-menu" anchorEl={anchor} open={anchor !== null} onClose={close}>
        {signedIn
          ? [
              <MenuItem key="profile" component={RouterLink} to="/profile" onClick={close}>
                Profile
              </MenuItem>,
              <MenuItem key="payment" component={RouterLink} to="/payment" onClick={close}>
                Manage Credits
              </MenuItem>,
              <MenuItem
                key="logout"
                onClick={() => {
                  close();
                  onLogout();
                }}
              >
                Logout
              </MenuItem>,
            ]
          : [
              <MenuItem key="login" component={RouterLink} to="/login" onClick={close}>
                Login
              </MenuItem>,
            ]}
      </Menu>
    </Box>
  );
}
