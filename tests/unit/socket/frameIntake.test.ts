import { reportMalformedFramesOnce } from '../../../src/services/socket/frameIntake';

describe('malformed-frame warnings', () => {
  it('warns once per kind of malformed frame and cuts a long explanation to 300 characters', () => {
    const warnings: string[] = [];
    const report = reportMalformedFramesOnce({ warn: (message: string) => warnings.push(message) });
    report('not-json', 'x'.repeat(5000));
    report('not-json', 'again');
    report('unknown-type', 'type "bogus"');
    expect(warnings).toEqual([
      `Team chat: skipped a malformed stream frame (not-json): ${'x'.repeat(300)}`,
      'Team chat: skipped a malformed stream frame (unknown-type): type "bogus"',
    ]);
  });
});
