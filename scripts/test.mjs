// `npm test`: every test stage in order, stopping at the first failure.
// The server suite runs on embedded PGlite, and again on a real PostgreSQL when TEST_DATABASE_URL is set.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const stages = [
  // The house style's checks come first: each allows no finding.
  ['lint (ESLint)', [npm, 'run', 'lint'], {}],
  ['format (Prettier)', [npm, 'run', 'format:check'], {}],
  ['unused code (knip)', [npm, 'run', 'knip'], {}],
  ['typecheck', [npm, 'run', 'typecheck'], {}],
  ['server tests (PGlite)', [npm, 'run', 'test:server'], { TEST_DATABASE_URL: '' }],
];
if (process.env.TEST_DATABASE_URL) {
  stages.push(['server tests (PostgreSQL)', [npm, 'run', 'test:server'], {}]);
} else {
  console.log('note: TEST_DATABASE_URL is not set, so the server suite runs on PGlite only (.ci/run sets it).');
}
stages.push(['web tests (jest)', [npm, 'run', 'test:web'], {}]);
if (existsSync('tests/e2e') && readdirSync('tests/e2e').some((f) => f.endsWith('.test.ts'))) {
  stages.push(['browser tests (Chromium)', [npm, 'run', 'test:e2e'], {}]);
}

for (const [name, [cmd, ...args], env] of stages) {
  console.log(`\n=== ${name}`);
  const started = Date.now();
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(
    `=== ${name}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}
