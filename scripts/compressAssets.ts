// Vite plugin: brotli (quality 11) and gzip copies of the built text files, written once per build. The server
// (server/src/http/spa.ts) serves copies newer than their file as they are, and makes any missing ones itself at
// brotli 9, which is quick enough for a start but about 7% larger; the build can afford the slower, smaller kind.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

/** The same files as the server compresses. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt)$/;
const MIN_BYTES = 1024;
const BROTLI = { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT };
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

async function compress(file: string): Promise<void> {
  if (!COMPRESSIBLE.test(file) || (await stat(file)).size < MIN_BYTES) return;
  const content = await readFile(file);
  await writeFile(`${file}.br`, await brotli(content, { params: BROTLI }));
  await writeFile(`${file}.gz`, await gzipped(content, { level: 9 }));
}

export function compressAssets(): Plugin {
  let outDir = '';
  return {
    name: 'compress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // Once every file, index.html and the public folder's included, is written.
    async closeBundle() {
      const entries = await readdir(outDir, { withFileTypes: true, recursive: true });
      await Promise.all(entries.filter((e) => e.isFile()).map((e) => compress(path.join(e.parentPath, e.name))));
    },
  };
}
