// Serves the built SPA: brotli and gzip copies made once per build, hashed assets cached for a year, the rest revalidated.
import { createReadStream, createWriteStream, existsSync, statSync } from 'node:fs';
import { readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt)$/;
/** Below this, compression saves less than the encoding headers cost. */
const MIN_BYTES = 1024;
/** Vite names built files `name-<hash>.ext` under assets/: a changed file gets a new name, so caching can be permanent. */
const HASHED = /[\\/]assets[\\/][^\\/]+-[\w-]{8,}\.\w+(\.br|\.gz)?$/;

/** Brotli 9, not 11: about 7% larger, but ten times faster, so the first start after a build stays quick. */
const BROTLI = { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT };
const ENCODINGS = [
  { ext: '.br', make: () => createBrotliCompress({ params: BROTLI }) },
  { ext: '.gz', make: () => createGzip({ level: 9 }) },
];

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/** Writes through a temporary name, so a reader (or a second server starting) never sees a half-written copy. */
async function writeCompressed(file: string, target: string, make: () => NodeJS.ReadWriteStream): Promise<void> {
  const temporary = `${target}.${process.pid}.tmp`;
  try {
    await pipeline(createReadStream(file), make(), createWriteStream(temporary));
    await rename(temporary, target);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/**
 * Writes `.br` and `.gz` beside each text file that lacks an up-to-date copy; a fresh build pays this once.
 * Returns the files it could not write (a read-only folder): those are served uncompressed.
 */
export async function precompress(dir: string): Promise<string[]> {
  const jobs: Array<Promise<string | undefined>> = [];
  for (const file of await filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const stat = statSync(file);
    if (stat.size < MIN_BYTES) continue;
    for (const { ext, make } of ENCODINGS) {
      const target = file + ext;
      if (existsSync(target) && statSync(target).mtimeMs >= stat.mtimeMs) continue;
      jobs.push(
        writeCompressed(file, target, make).then(
          () => undefined,
          () => target,
        ),
      );
    }
  }
  return (await Promise.all(jobs)).filter((failed) => failed !== undefined);
}

export async function registerSpa(app: FastifyInstance, root: string): Promise<void> {
  const failed = await precompress(root);
  if (failed.length) app.log.warn({ failed }, 'could not write compressed copies; serving those files uncompressed');
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, file) => {
      reply.header('cache-control', HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
}
