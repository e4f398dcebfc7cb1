import { render, screen } from '@testing-library/react';
import { Button } from '@mui/material';
import { ThemeProvider, decomposeColor, getContrastRatio } from '@mui/material/styles';
import { appTheme } from '../../src/app/theme';

/** An rgba() colour laid over an opaque one, as the eye sees it. */
function over(top: string, below: string): string {
  const t = decomposeColor(top);
  const b = decomposeColor(below);
  const alpha = t.values[3] ?? 1;
  const mix = [0, 1, 2].map((i) => Math.round(Number(t.values[i]) * alpha + Number(b.values[i]) * (1 - alpha)));
  return `rgb(${mix.join(', ')})`;
}

function colours(mode: 'light' | 'dark', disabled: boolean) {
  const theme = appTheme(mode);
  const { unmount } = render(
    <ThemeProvider theme={theme}>
      <Button variant="contained" disabled={disabled}>
        Proceed to Payment
      </Button>
    </ThemeProvider>,
  );
  const style = getComputedStyle(screen.getByRole('button', { name: 'Proceed to Payment' }));
  // MUI sets the contained colours through custom properties.
  const resolve = (value: string) =>
    value.replace(/^var\((--[\w-]+)\)$/, (_, name: string) => style.getPropertyValue(name).trim());
  const page = theme.palette.background.paper;
  const background = over(resolve(style.backgroundColor), page);
  const text = over(resolve(style.color), background);
  unmount();
  return { background, text };
}

describe.each(['light', 'dark'] as const)('primary buttons in the %s theme', (mode) => {
  it('have text with a contrast of at least 4.5:1 when enabled', () => {
    const { background, text } = colours(mode, false);
    expect(getContrastRatio(text, background)).toBeGreaterThanOrEqual(4.5);
    // White on deep orange in both themes: dark text on a pale orange read as a disabled button.
    expect(text).toBe('rgb(255, 255, 255)');
  });

  it('look plainly different when disabled: grey, not orange, with faint text', () => {
    const enabled = colours(mode, false);
    const disabled = colours(mode, true);
    expect(disabled.background).not.toBe(enabled.background);
    expect(getContrastRatio(disabled.text, disabled.background)).toBeLessThan(3);
    const [r, g, b] = decomposeColor(disabled.background).values.map(Number);
    expect(Math.max(r!, g!, b!) - Math.min(r!, g!, b!)).toBeLessThan(24);
  });
});
