// Theme dropdown: light, dark or system.
import { useState } from 'react';
import { IconButton, ListItemIcon, ListItemText, Menu, MenuItem, Tooltip } from '@mui/material';
import LightModeIcon from '@mui/icons-material/LightMode';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import SettingsBrightnessIcon from '@mui/icons-material/SettingsBrightness';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectThemePreference } from '../layoutSelectors';
import { themeChosen, type ThemePreference } from '../layoutSlice';

const OPTIONS: Array<{ value: ThemePreference; label: string; Icon: typeof LightModeIcon }> = [
  { value: 'light', label: 'Light', Icon: LightModeIcon },
  { value: 'dark', label: 'Dark', Icon: DarkModeIcon },
  { value: 'system', label: 'System', Icon: SettingsBrightnessIcon },
];

export function ThemeMenu() {
  const dispatch = useAppDispatch();
  const preference = useAppSelector(selectThemePreference);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current = OPTIONS.find((o) => o.value === preference) ?? OPTIONS[2]!;

  const choose = (value: ThemePreference) => {
    dispatch(themeChosen(value));
    setAnchor(null);
  };

  return (
    <>
      <Tooltip title="Theme">
        <IconButton
          color="inherit"
          aria-label={`Theme: ${current.label}`}
          aria-haspopup="menu"
          aria-controls={anchor ? 'theme-menu' : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <current.Icon />
        </IconButton>
      </Tooltip>
      <Menu id="theme-menu" anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {OPTIONS.map(({ value, label, Icon }) => (
          <MenuItem key={value} selected={value === preference} onClick={() => choose(value)} role="menuitemradio" aria-checked={value === preference}>
            <ListItemIcon>
              <Icon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{label}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
