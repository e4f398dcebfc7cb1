// Theme dropdown: light, dark or system. The menu itself loads on the first press, so pages start with less code.
import { lazy, Suspense, useState } from 'react';
import { IconButton } from '@mui/material';
import { LazyTooltip } from '../../../components/LazyTooltip';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectThemePreference } from '../layoutSelectors';
import { themeChosen, type ThemePreference } from '../layoutSlice';
import { THEME_OPTIONS } from './themeOptions';

const ThemeMenuList = lazy(() => import('./ThemeMenuList'));

export function ThemeMenu() {
  const dispatch = useAppDispatch();
  const preference = useAppSelector(selectThemePreference);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Stays mounted after the first open so the menu keeps its closing transition.
  const [opened, setOpened] = useState(false);
  const current = THEME_OPTIONS.find((o) => o.value === preference) ?? THEME_OPTIONS[2]!;

  const choose = (value: ThemePreference) => {
    dispatch(themeChosen(value));
    setAnchor(null);
  };

  return (
    <>
      <LazyTooltip title="Theme">
        <IconButton
          color="inherit"
          aria-label={`Theme: ${current.label}`}
          aria-haspopup="menu"
          aria-controls={anchor ? 'theme-menu' : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(e) => {
            setAnchor(e.currentTarget);
            setOpened(true);
          }}
        >
          <current.Icon />
        </IconButton>
      </LazyTooltip>
      {opened && (
        <Suspense fallback={null}>
          <ThemeMenuList anchor={anchor} preference={preference} onChoose={choose} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
