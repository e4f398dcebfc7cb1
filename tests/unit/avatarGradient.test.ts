import { AVATAR_GRADIENTS, avatarGradient, gradientIndex } from '../../src/components/avatarGradient';

describe('avatar gradients', () => {
  it('has 20 preset pairs', () => {
    expect(AVATAR_GRADIENTS).toHaveLength(20);
  });

  it.each(['', '   ', 'undefined', 'login', 'brand', 'default', 'Default'])(
    'gives %p the first (orange) gradient',
    (seed) => {
      expect(gradientIndex(seed)).toBe(0);
    },
  );

  it('gives null and undefined the first gradient', () => {
    expect(gradientIndex(null)).toBe(0);
    expect(gradientIndex(undefined)).toBe(0);
  });

  it('picks the same gradient for the same name every time', () => {
    expect(avatarGradient('Workflow Architect')).toBe(avatarGradient('Workflow Architect'));
  });

  it('spreads names over many of the presets', () => {
    const names = Array.from({ length: 200 }, (_, i) => `member-${i}`);
    const used = new Set(names.map(gradientIndex));
    expect(used.size).toBeGreaterThanOrEqual(15);
    for (const index of used) expect(index).toBeLessThan(20);
  });
});
