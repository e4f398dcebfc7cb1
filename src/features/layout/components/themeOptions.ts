// The theme choices with their labels and icons, shared by the theme button and its menu.
import LightModeIcon from '@mui/icons-material/LightMode';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import SettingsBrightnessIcon from '@mui/icons-material/SettingsBrightness';
import type { ThemePreference } from '../layoutSlice';

export const THEME_OPTIONS: Array<{ value: ThemePreference; label: string; Icon: typeof LightModeIcon }> = [
  { value: 'light', label: 'Light', Icon: LightModeIcon },
  { value: 'dark', label: 'Dark', Icon: DarkModeIcon },
  { value: 'system', label: 'System', Icon: SettingsBrightnessIcon },
];
