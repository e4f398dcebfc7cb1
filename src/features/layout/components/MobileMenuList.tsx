// The small-screen header menu's items, in their own chunk: it loads the first time the menu button is pressed.
import { Menu, MenuItem } from '@mui/material';
import { Link as RouterLink } from 'react-router';

interface MobileMenuListProps {
  anchor: HTMLElement | null;
  signedIn: boolean;
  onClose: () => void;
  onLogout: () => void;
}

export default function MobileMenuList({ anchor, signedIn, onClose, onLogout }: MobileMenuListProps) {
  return (
    <Menu id="mobile-menu" anchorEl={anchor} open={anchor !== null} onClose={onClose}>
      {signedIn
        ? [
            <MenuItem key="profile" component={RouterLink} to="/profile" onClick={onClose}>
              Profile
            </MenuItem>,
            <MenuItem key="payment" component={RouterLink} to="/payment" onClick={onClose}>
              Manage Credits
            </MenuItem>,
            <MenuItem
              key="logout"
              onClick={() => {
                onClose();
                onLogout();
              }}
            >
              Logout
            </MenuItem>,
          ]
        : [
            <MenuItem key="login" component={RouterLink} to="/login" onClick={onClose}>
              Login
            </MenuItem>,
          ]}
    </Menu>
  );
}
