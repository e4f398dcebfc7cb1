// Vite plugin: the chunks a page runs while it starts begin with V8's explicit compile hint, so Chrome compiles all of
// their functions on the thread that streams the file in, instead of each one on the main thread the first time it is
// called (https://v8.dev/blog/explicit-compile-hints). The comment only counts as the file's first line.
import type { Plugin, Rollup } from 'vite';

type OutputChunk = Rollup.OutputChunk;

const HINT = '//# allFunctionsCalledOnLoad\n';

export function compileHints(startsThePage: (chunk: OutputChunk) => boolean): Plugin {
  return {
    name: 'compile-hints',
    apply: 'build',
    generateBundle: {
      // After Vite has put its preload map (`const __vite__mapDeps = …`) at the top of the chunk.
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || !startsThePage(chunk)) continue;
          chunk.code = HINT + chunk.code;
          // The source map (already an asset by now) gets one more generated line before the code it describes.
          const map = bundle[`${chunk.fileName}.map`];
          if (map?.type === 'asset' && typeof map.source === 'string') {
            const json = JSON.parse(map.source) as { mappings: string };
            map.source = JSON.stringify({ ...json, mappings: `;${json.mappings}` });
          }
        }
      },
    },
  };
}
