// `npm start`: builds the SPA when dist/ is missing or older than its sources, then starts the server.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { main } from './main.ts';

const root = process.cwd();
const SOURCES = ['src', 'index.html', 'vite.config.ts', 'package.json', 'public'];

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(entry).reduce((max, name) => Math.max(max, newestMtime(path.join(entry, name))), stat.mtimeMs);
}

async function buildIfStale(): Promise<void> {
  const builtIndex = path.join(root, 'dist', 'index.html');
  const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
  const changedAt = Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))));
  if (builtAt >= changedAt) return;
  console.log('Building the web app (first start or sources changed)…');
  const { build } = await import('vite');
  // Vite sets NODE_ENV=production for its build; the server must still see the operator's own value.
  const nodeEnv = process.env.NODE_ENV;
  await build({ root, logLevel: 'warn' });
  if (nodeEnv === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = nodeEnv;
}

buildIfStale()
  .then(main)
  .catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  });
