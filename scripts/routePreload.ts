// Vite plugin: index.html preloads the chunks of the page its URL names, so a route's code downloads beside the entry
// chunk instead of after it has run, and for a signed-in visitor asks for the page's first data at the same time
// (src/services/earlyResponses.ts hands those answers to the app). Every path gets the same index.html, so a small
// inline script picks the route.
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
  /** API paths below the API base, with `:param`s of `path`, asked for when a stored token is there. */
  data?: readonly string[];
}

/** Where the app's API is (the SPA's VITE_API_BASE_URL, src/config/env.ts), with the same default. */
const DEFAULT_API_BASE = '/api/v1';

/** The regular expression source, matched against location.pathname, of a route path (a trailing slash allowed). */
export function pathPattern(path: string): string {
  const segments = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '([^/]+)' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return `^/${segments.join('/')}/?$`;
}

/**
 * A page's API path as the inline script fills it in: each `:param` replaced by `:N`, the number of its group in the
 * page's pattern. The script puts the API base in front afterwards, so a port in the base is never taken for one.
 */
export function dataPath(pagePath: string, path: string): string {
  const params = pagePath.split('/').filter((segment) => segment.startsWith(':'));
  return path.replace(/:[A-Za-z_]\w*/g, (param) => {
    const group = params.indexOf(param) + 1;
    if (group === 0) throw new Error(`routePreload: ${path} names ${param}, which ${pagePath} does not have`);
    return `:${group}`;
  });
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

// window.__earlyData maps each absolute URL asked for to the Authorization it carried and the answer (null when the
// request failed), for src/services/earlyResponses.ts.
const SCRIPT = `(function (routes, path, token, api, base) {
  for (var i = 0; i < routes.length; i++) {
    var route = routes[i];
    var match = new RegExp(route[0]).exec(path);
    if (!match) continue;
    if ((route[2] === 'signed-in' && !token) || (route[2] === 'signed-out' && token)) return;
    for (var j = 0; j < route[1].length; j++) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = route[1][j];
      document.head.appendChild(link);
    }
    if (!token || !route[3].length || typeof fetch !== 'function') return;
    var early = (window.__earlyData = {});
    var auth = 'Bearer ' + token;
    for (var k = 0; k < route[3].length; k++) {
      var url = new URL(api + '/' + route[3][k].replace(/:(\\d+)/g, function (_, n) { return match[n]; }), base).href;
      early[url] = {
        auth: auth,
        response: fetch(url, { headers: { Authorization: auth } }).catch(function () { return null; }),
      };
    }
    return;
  }
})`;

/** The stored access token (SPEC §9 key `token`), or null where storage is blocked. */
const TOKEN = "(function () { try { return localStorage.getItem('token'); } catch (e) { return null; } })()";

/** One row per preloaded page: its path pattern, its chunks, who it is for, and its data paths. */
type PreloadRow = [pattern: string, files: string[], when: PreloadRoute['when'] | null, data: string[]];

/** The inline script of index.html for these rows and this API base. */
export function inlineScript(table: PreloadRow[], apiBase: string): string {
  const api = JSON.stringify(apiBase.replace(/\/+$/, ''));
  return `${SCRIPT}(${JSON.stringify(table)}, location.pathname, ${TOKEN}, ${api}, location.href);`;
}

export function routePreload(routes: PreloadRoute[]): Plugin {
  let base = '/';
  let apiBase = DEFAULT_API_BASE;
  return {
    name: 'route-preload',
    apply: 'build',
    configResolved(config) {
      base = config.base;
      const configured = config.env.VITE_API_BASE_URL;
      if (typeof configured === 'string' && configured.trim() !== '') apiBase = configured.trim();
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx): HtmlTagDescriptor[] {
        if (!ctx.bundle || !ctx.chunk) return [];
        const bundle = ctx.bundle;
        const loaded = new Set(staticClosure(bundle, ctx.chunk.fileName));
        const table = routes.flatMap((r): PreloadRow[] => {
          const chunk = moduleChunk(bundle, r.module);
          if (!chunk) return [];
          const files = staticClosure(bundle, chunk.fileName, loaded).map((f) => base + f);
          const data = r.when === 'signed-in' ? (r.data ?? []).map((d) => dataPath(r.path, d)) : [];
          return [[pathPattern(r.path), files, r.when ?? null, data]];
        });
        if (table.length === 0) return [];
        return [
          {
            tag: 'script',
            children: inlineScript(table, apiBase),
            injectTo: 'head',
          },
        ];
      },
    },
  };
}
