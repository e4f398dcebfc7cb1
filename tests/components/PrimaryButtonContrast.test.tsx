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
  render(
    <ThemeProvider theme={theme}>
      <Button variant="contained" disabled={disabled}>
        Proceed to Payment
      </Button>
    </ThemeProvider>,
  );
  const style = getComputedStyle(screen.getByRole('button', { name: 'Proceed to Payment' }));
  const page = theme.palette.background.paper;
  const background = over(style.backgroundColor, page);
  return { background, text: over(style.color, background) };
}

describe.each(['light', 'dark'] as const)('primary buttons in the %s theme', (mode) => {
  it('have text with a contrast of at least 4.5:1 when enabled', () => {
    const { background, text } = colours(mode, false);
    expect(getContrastRatio(text, background)).toBeGreaterThanOrEqual(4.5);
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
