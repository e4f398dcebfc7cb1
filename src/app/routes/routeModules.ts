// The pages that load with their own chunk, declared once: router.tsx makes a lazy route of each (its import of each
// module is typed against this list), and vite.config.ts preloads the chunks of those marked `preload`. Plain data with
// no imports, since vite.config.ts reads it in Node.

export interface PageRoute<Module extends string = string> {
  /** React Router path (no leading slash). */
  path: string;
  /** The route module is src/app/routes/{module}Route.tsx; it exports the page as `Component`. */
  module: Module;
  /** Sign-in needed: anonymous visitors are sent to /login. */
  signIn?: boolean;
  /** index.html preloads the page's chunks when it opens at this path, for visitors in this state (others go elsewhere). */
  preload?: 'signed-in' | 'signed-out';
  /**
   * With `preload: 'signed-in'`: the API paths (below the API base; `:param`s from `path`) index.html asks for as the
   * page opens, before the app's code has arrived. The app's first request for each takes that answer
   * (services/earlyResponses.ts); list only what the page asks for as it opens.
   */
  data?: readonly string[];
}

/** Every signed-in page starts by loading the current user (features/auth/authThunks.ts). */
const USER = 'auth/users/me';

const pages = [
  { path: 'login', module: 'Login', preload: 'signed-out' },
  { path: 'privacy', module: 'PrivacyPolicy' },
  { path: 'eu-privacy', module: 'EuropePrivacyPolicy' },
  { path: 'legal/privacy-policy', module: 'PrivacyPolicy' },
  { path: 'legal/europe-privacy-policy', module: 'EuropePrivacyPolicy' },
  {
    path: 'teams/:teamId/chat',
    module: 'TeamChat',
    signIn: true,
    preload: 'signed-in',
    // What its loader (routes/teamChat/teamChatLoader.ts) asks for.
    data: [USER, 'teams/:teamId', 'credits/status', 'credentials/mcp', 'credentials/mcp/servers'],
  },
  { path: 'profile', module: 'Profile', signIn: true, preload: 'signed-in', data: [USER] },
  { path: 'payment', module: 'Payment', signIn: true, preload: 'signed-in', data: [USER] },
  { path: 'payment/success', module: 'PaymentSuccess', signIn: true },
  { path: 'payment/cancel', module: 'PaymentCancel', signIn: true },
] as const satisfies readonly PageRoute[];

export type PageModule = (typeof pages)[number]['module'];

export const PAGE_ROUTES: readonly PageRoute<PageModule>[] = pages;

/** A route module's file, relative to the project root. */
export const routeModuleFile = (module: PageModule) => `src/app/routes/${module}Route.tsx`;
