// The MUI themes: light and dark, with a visible keyboard focus ring on every control.
import { createTheme, type Theme } from '@mui/material/styles';
import type { ResolvedTheme } from '../features/layout/layoutSlice';

const BRAND = '#ea580c';
const CONTAINED_DARK_BG = '#c2410c';
const CONTAINED_DARK = {
  '&:not(.Mui-disabled)': { backgroundColor: CONTAINED_DARK_BG, color: '#ffffff' },
  '&:not(.Mui-disabled):hover': { backgroundColor: '#9a3412' },
};

function build(mode: ResolvedTheme): Theme {
  const dark = mode === 'dark';
  // MUI resets the outline of its controls; keyboard users get a clear ring back.
  const focusRing = { outline: `3px solid ${dark ? '#fdba74' : BRAND}`, outlineOffset: 2 };
  return createTheme({
    palette: {
      mode,
      primary: { main: dark ? '#fb923c' : '#c2410c', contrastText: dark ? '#1c1917' : '#ffffff' },
      secondary: { main: dark ? '#a5b4fc' : '#4338ca' },
      warning: { main: dark ? '#facc15' : '#a16207' },
      background: dark ? { default: '#0f1115', paper: '#171a21' } : { default: '#f7f7f8', paper: '#ffffff' },
    },
    shape: { borderRadius: 10 },
    typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
    components: {
      MuiCssBaseline: {
        styleOverrides: { ':focus-visible': focusRing },
      },
      MuiButtonBase: { styleOverrides: { root: { '&.Mui-focusVisible': focusRing } } },
      MuiChip: { styleOverrides: { root: { '&:focus-visible': focusRing } } },
      MuiTooltip: { defaultProps: { enterDelay: 300, enterNextDelay: 0 } },
      // Dark text on the light orange read as a disabled button; a deep orange with white text is plainly enabled,
      // while disabled buttons keep MUI's grey.
      MuiButton: dark
        ? {
            styleOverrides: {
              root: { variants: [{ props: { variant: 'contained', color: 'primary' }, style: CONTAINED_DARK }] },
            },
          }
        : {},
    },
  });
}

const cache: Partial<Record<ResolvedTheme, Theme>> = {};

export function appTheme(mode: ResolvedTheme): Theme {
  return (cache[mode] ??= build(mode));
}
