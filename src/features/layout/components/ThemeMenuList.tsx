// The theme dropdown's menu, in its own chunk: it loads the first time the theme button is pressed.
import { ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import { THEME_OPTIONS } from './themeOptions';
import type { ThemePreference } from '../layoutSlice';

interface ThemeMenuListProps {
  anchor: HTMLElement | null;
  preference: ThemePreference;
  onChoose: (value: ThemePreference) => void;
  onClose: () => void;
}

export default function ThemeMenuList({ anchor, preference, onChoose, onClose }: ThemeMenuListProps) {
  return (
    <Menu id="theme-menu" anchorEl={anchor} open={anchor !== null} onClose={onClose}>
      {THEME_OPTIONS.map(({ value, label, Icon }) => (
        <MenuItem
          key={value}
          selected={value === preference}
          onClick={() => onChoose(value)}
          role="menuitemradio"
          aria-checked={value === preference}
        >
          <ListItemIcon>
            <Icon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{label}</ListItemText>
        </MenuItem>
      ))}
    </Menu>
  );
}
