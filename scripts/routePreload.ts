// Vite plugin: index.html preloads the chunks of the page its URL names, so a route's code downloads beside the entry
// chunk instead of after it has run. Every path gets the same index.html, so a small inline script picks the route.
import type { HtmlTagDescriptor, Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

export interface PreloadRoute {
  /** React Router path of the page, without the leading slash and with `:param` segments (`teams/:teamId/chat`). */
  path: string;
  /** The route's lazily imported module, relative to the project root. */
  module: string;
  /** Preload only when signed in (a stored token), or only when signed out: other visitors are redirected. */
  when?: 'signed-in' | 'signed-out';
}

/** The regular expression source, matched against location.pathname, of a route path (a trailing slash allowed). */
export function pathPattern(path: string): string {
  const segments = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return `^/${segments.join('/')}/?$`;
}

/** A chunk and every chunk it imports statically, in order, less those in `skip`. */
function staticClosure(bundle: OutputBundle, fileName: string, skip: ReadonlySet<string> = new Set()): string[] {
  const files: string[] = [];
  const visit = (name: string) => {
    if (skip.has(name) || files.includes(name)) return;
    files.push(name);
    const chunk = bundle[name];
    if (chunk?.type === 'chunk') chunk.imports.forEach(visit);
  };
  visit(fileName);
  return files;
}

/** The chunk a module starts; none when this build does not hold the module (another root uses the same config). */
function moduleChunk(bundle: OutputBundle, module: string): OutputChunk | undefined {
  return Object.values(bundle).find(
    (c): c is OutputChunk =>
      c.type === 'chunk' && (c.facadeModuleId?.replaceAll('\\', '/').endsWith(`/${module}`) ?? false),
  );
}

const SCRIPT = `(function (routes, path, token) {
  for (var i = 0; i < routes.length; i++) {
    var route = routes[i];
    if (!new RegExp(route[0]).test(path)) continue;
    if ((route[2] === 'signed-in' && !token) || (route[2] === 'signed-out' && token)) return;
    for (var j = 0; j < route[1].length; j++) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = route[1][j];
      document.head.appendChild(link);
    }
    return;
  }
})`;

/** The stored access token (SPEC §9 key `token`), or null where storage is blocked. */
const TOKEN = "(function () { try { return localStorage.getItem('token'); } catch (e) { return null; } })()";

export function routePreload(routes: PreloadRoute[]): Plugin {
  let base = '/';
  return {
    name: 'route-preload',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx): HtmlTagDescriptor[] {
        if (!ctx.bundle || !ctx.chunk) return [];
        const bundle = ctx.bundle;
        const loaded = new Set(staticClosure(bundle, ctx.chunk.fileName));
        const table = routes.flatMap((r) => {
          const chunk = moduleChunk(bundle, r.module);
          if (!chunk) return [];
          const files = staticClosure(bundle, chunk.fileName, loaded).map((f) => base + f);
          return [[pathPattern(r.path), files, r.when ?? null]];
        });
        if (table.length === 0) return [];
        return [
          {
            tag: 'script',
            children: `${SCRIPT}(${JSON.stringify(table)}, location.pathname, ${TOKEN});`,
            injectTo: 'head',
          },
        ];
      },
    },
  };
}
