// Figure 4: gzip size of the JavaScript /login and the team chat load, against a floor build of the same libraries.
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Browser } from 'playwright-core';
import { buildSpa, launchBrowser, ROOT, startServer } from '../tests/e2e/harness';
import { round, type Figure } from '../server/bench/figure.ts';
import { measureScripts } from './pageScripts.ts';
import { signInToken, TEAM_ID } from './signIn.ts';

/** Chunks that only a reply, a code block, the JSON editor or a workflow diagram need; the empty chat must not load them. */
const HEAVY = /Markdown|highlight|codemirror|JsonCodeEditor|WorkflowCanvas|xyflow|dagre/i;

/** Builds bench/floor with the app's own Vite config into a temp dir and serves it over HTTP. */
async function floorBytes(browser: Browser): Promise<number> {
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'ats-floor-'));
  const { build } = await import('vite');
  await build({
    root: path.join(ROOT, 'bench', 'floor'),
    configFile: path.join(ROOT, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
  const app = Fastify();
  await app.register(fastifyStatic, { root: outDir });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    return (await measureScripts(browser, `http://127.0.0.1:${port}/`, { ready: new Date().getFullYear().toString() }))
      .gzipBytes;
  } finally {
    await app.close();
    await rm(outDir, { recursive: true, force: true });
  }
}

export async function bundleBench(): Promise<Figure[]> {
  await buildSpa();
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const floor = await floorBytes(browser);
    const login = await measureScripts(browser, `${server.url}/login`, { ready: 'Continue with Local Sign-In' });
    const token = await signInToken(browser, server.url);
    const chat = await measureScripts(browser, `${server.url}/teams/${TEAM_ID}/chat`, {
      localStorage: { token },
      ready: 'Build a workflow by describing it',
    });
    const kb = (bytes: number) => round(bytes / 1024);
    return [
      {
        name: 'bundle.login_js_gzip',
        value: kb(login.gzipBytes),
        unit: 'KiB',
        comparison: {
          against: 'floor build',
          value: kb(floor),
          target: `within 1.25x the floor (ratio ${round(login.gzipBytes / floor, 2)}x)`,
        },
      },
      {
        name: 'bundle.team_chat_js_gzip',
        value: kb(chat.gzipBytes),
        unit: 'KiB',
        comparison: { against: 'floor build', value: kb(floor) },
      },
      {
        name: 'bundle.team_chat_heavy_chunks_loaded',
        value: chat.files.filter((file) => HEAVY.test(file)).length,
        unit: 'files',
        comparison: {
          against: 'script files the empty team chat loaded',
          value: chat.files.length,
          target: '0 (Markdown, highlighting, editor and workflow diagram load when needed)',
        },
      },
    ];
  } finally {
    await browser.close();
    await server.close();
  }
}
