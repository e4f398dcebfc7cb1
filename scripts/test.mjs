// `npm test`: every test stage in order, stopping at the first failure.
// The server suite runs on embedded PGlite, and again on a real PostgreSQL when TEST_DATABASE_URL is set; the two
// passes run side by side (each prints its output when it ends), since much of their time is spent waiting on
// the database. So do the checks, and the web and browser suites.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
/** Each entry is a stage, or a list of stages that run at the same time. */
const stages = [
  // The house style's checks come first: each allows no finding. ESLint beside the rest (each is one process on one
  // core: 42 s and 35 s one after the other, measured).
  [
    ['lint (ESLint)', [npm, 'run', 'lint'], {}],
    ['format, unused code, types', [npm, 'run', 'checks:other'], {}],
  ],
];
const serverPasses = [['server tests (PGlite)', [npm, 'run', 'test:server'], { TEST_DATABASE_URL: '' }]];
if (process.env.TEST_DATABASE_URL) {
  // The reader's and the builder's tests (request → spec → workflow) never open a database, so they run in the PGlite
  // pass only: a second run on PostgreSQL would test the same code twice and slow both passes down.
  const dir = 'server/test';
  const databaseFree = (file) =>
    /^(reader|workflow)-.*\.test\.ts$/.test(file) &&
    !/from '\.\/helpers\.ts'|\/src\/(db|server)/.test(readFileSync(`${dir}/${file}`, 'utf8'));
  const files = readdirSync(dir)
    .filter((file) => file.endsWith('.test.ts') && !databaseFree(file))
    .map((file) => `${dir}/${file}`);
  serverPasses.push([
    'server tests (PostgreSQL)',
    [process.execPath, '--import', 'tsx', '--test', '--test-concurrency=1', ...files],
    {},
  ]);
} else {
  console.log('note: TEST_DATABASE_URL is not set, so the server suite runs on PGlite only (.ci/run sets it).');
}
stages.push(serverPasses);
// The web suite (CPU) beside the browser suite, which spends most of its time waiting on paced streams and pages.
const webPasses = [['web tests (jest)', [npm, 'run', 'test:web'], {}]];
if (existsSync('tests/e2e') && readdirSync('tests/e2e').some((f) => f.endsWith('.test.ts'))) {
  webPasses.push(['browser tests (Chromium)', [npm, 'run', 'test:e2e'], {}]);
}
stages.push(webPasses);

/** Runs one stage; alone it prints as it goes, beside others it prints its output once it has ended. */
function run([name, [cmd, ...args], env], alone) {
  if (alone) console.log(`\n=== ${name}`);
  const started = Date.now();
  const child = spawn(cmd, args, {
    stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  const output = [];
  child.stdout?.on('data', (chunk) => output.push(chunk));
  child.stderr?.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    child.on('close', (status) => {
      if (!alone) {
        console.log(`\n=== ${name}`);
        process.stdout.write(Buffer.concat(output));
      }
      console.log(`=== ${name}: ${status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      resolve(status ?? 1);
    });
  });
}

for (const stage of stages) {
  const group = typeof stage[0] === 'string' ? [stage] : stage;
  const statuses = await Promise.all(group.map((s) => run(s, group.length === 1)));
  const failed = statuses.find((status) => status !== 0);
  if (failed !== undefined) process.exit(failed);
}
