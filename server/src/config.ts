// Server configuration from the environment; every variable is listed in the README's configuration table.
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

/** Defaults shared with the SPA (VITE_TEAM_ID, VITE_APP_NAME). */
const DEFAULT_TEAM_ID = '6650f0c2a1b2c3d4e5f60718';
const DEFAULT_APP_NAME = 'Agent Team Studio';

const csv = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  );

/** "true"/"1" or "false"/"0" (empty means false); anything else is a configuration error rather than a silent default. */
const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/** Addresses or CIDRs of the reverse proxies whose X-Forwarded-* headers are believed (Fastify's trustProxy). */
const proxyList = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );

const schema = z.object({
  NODE_ENV: z.string().optional(),
  ALLOW_LOCAL_SIGN_IN: flag,
  ALLOW_LOCAL_CHECKOUT: flag,
  TRUST_PROXY: proxyList,
  RATE_LIMIT_SIGN_IN: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_CHECKOUT_PAY: z.coerce.number().int().min(1).default(20),
  /** This server instance's name in run leases; a restarted instance with the same name takes its runs back at once. */
  INSTANCE_ID: z.string().trim().min(1).max(200).optional(),
  /** A run whose instance has not renewed its lease (a heartbeat every third of this) for this long is recovered. */
  RUN_LEASE_SECONDS: z.coerce.number().int().min(6).default(45),
  /** How long the frames of a finished run stay for clients that reconnect to it. */
  RUN_FRAMES_KEEP_HOURS: z.coerce.number().min(0).default(24),
  /** The largest run: frames beyond this end it with an error (what it produced is kept). */
  MAX_RUN_FRAMES: z.coerce.number().int().min(100).default(20_000),
  /** Runs one user may have going at once (across their tabs and devices). */
  MAX_RUNS_PER_USER: z.coerce.number().int().min(1).default(3),
  /** The built-in team reads a request in a worker thread within these limits (a message may have 100,000 characters). */
  READ_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
  READ_MEMORY_MB: z.coerce.number().int().min(64).default(512),
  DOCUMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(20_000),
  DOCUMENT_MEMORY_MB: z.coerce.number().int().min(32).default(256),
  DOCUMENT_MAX_PAGES: z.coerce.number().int().min(1).default(500),
  DOCUMENT_MAX_TEXT_CHARS: z.coerce.number().int().min(1000).default(2_000_000),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  TEAM_ID: z.string().min(1).default(DEFAULT_TEAM_ID),
  APP_NAME: z.string().min(1).default(DEFAULT_APP_NAME),
  JWT_SECRET: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL: z.string().default('7d'),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_JWKS_URL: z.string().url().default('https://www.googleapis.com/oauth2/v3/certs'),
  ADMIN_EMAILS: csv,
  FREE_CREDITS: z.coerce.number().int().min(0).default(100),
  CREDENTIALS_KEY: z.string().optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_BASE: z.string().url().optional(),
  CATALOG_FILE: z.string().optional(),
  BILLING_FILE: z.string().optional(),
  RUN_COST_CREDITS: z.coerce.number().int().min(0).default(5),
  TOOL_CALL_COST_CREDITS: z.coerce.number().int().min(0).default(1),
  STREAM_DELAY_MS: z.coerce.number().min(0).default(0),
  OPENAI_API_KEY: z.string().optional(),
  LLM_BASE_URL: z.string().url().optional(),
  LLM_MODEL: z.string().optional(),
  ALLOW_PRIVATE_TOOL_HOSTS: flag,
  /** The http_request tool: whole request (redirects included) and response bytes read. */
  HTTP_TOOL_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  HTTP_TOOL_MAX_BYTES: z.coerce.number().int().min(1_000).max(20_000_000).default(1_000_000),
  /** The email tool's SMTP server (smtp:// or smtps://, credentials in the URL); without it email_user is not offered. */
  SMTP_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^smtps?:\/\/[^\s]+$/, 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  /** The sender of the email tool's messages (default: the app name at no-reply@ the PUBLIC_URL host or localhost). */
  SMTP_FROM: z.string().trim().min(3).max(300).optional(),
  /** List the tools of the catalogue's credential-free servers at start (default on; suites turn it off). */
  MCP_WARM_TOOL_LISTS: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  MCP_CALL_TIMEOUT_MS: z.coerce.number().int().min(1).default(30_000),
  MCP_IDLE_MS: z.coerce.number().int().min(1).default(300_000),
  MCP_MAX_CONNECTIONS_PER_SERVER: z.coerce.number().int().min(1).default(4),
  /** The Agent's Computer: Chromium's path (unset: /usr/bin/chromium when present; empty: no browser tool). */
  CHROMIUM_PATH: z.string().optional(),
  /** Browser contexts (one per run) open at once on this instance; more runs wait up to a page's time limit. */
  COMPUTER_MAX_CONTEXTS: z.coerce.number().int().min(1).max(64).default(4),
  /** A run's browser context with no tool call for this long is closed (it is also closed when the run ends). */
  COMPUTER_IDLE_SECONDS: z.coerce.number().int().min(5).default(120),
  /** Time limit of one page load or browser action. */
  COMPUTER_PAGE_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(15_000),
  /** Frames per second sent to one viewer at most (a slow link gets fewer: frames are dropped, never queued). */
  COMPUTER_MAX_FPS: z.coerce.number().int().min(1).max(30).default(5),
  /** How long the signed link to a run's Agent's Computer stays valid. */
  COMPUTER_LINK_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(1800),
  /** V8 heap limit of the browser's pages, in MB (bounds the memory one context's pages can take). */
  COMPUTER_PAGE_HEAP_MB: z.coerce.number().int().min(32).max(4096).default(256),
  /** The web app's build settings, read here only so the CSP allows the origins they name. */
  VITE_API_BASE_URL: z.string().optional(),
  VITE_ANALYTICS_URL: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Env = z.infer<typeof schema>;

export interface Config extends Env {
  /** Absolute DATA_DIR. */
  dataDir: string;
  /** INSTANCE_ID, or this host's name and port. */
  instanceId: string;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const config = {
    ...parsed.data,
    dataDir: path.resolve(parsed.data.DATA_DIR),
    instanceId: parsed.data.INSTANCE_ID ?? `${os.hostname()}:${parsed.data.PORT}`,
  };
  assertSafeForProduction(config);
  return config;
}

const isProduction = (config: Env) => config.NODE_ENV === 'production';

/** Stand-ins that let anyone sign in as anyone, or pay without paying, must be asked for by name in production. */
function assertSafeForProduction(config: Env): void {
  if (!isProduction(config)) return;
  if (!config.GOOGLE_CLIENT_ID && !config.ALLOW_LOCAL_SIGN_IN) {
    throw new Error(
      'Refusing to start: NODE_ENV=production without GOOGLE_CLIENT_ID would let anyone sign in as anyone through the local identity provider. Set GOOGLE_CLIENT_ID, or ALLOW_LOCAL_SIGN_IN=true to accept that.',
    );
  }
  if (!config.STRIPE_SECRET_KEY && !config.ALLOW_LOCAL_CHECKOUT) {
    throw new Error(
      'Refusing to start: NODE_ENV=production without STRIPE_SECRET_KEY would grant credits through the local checkout page, which charges no card. Set STRIPE_SECRET_KEY, or ALLOW_LOCAL_CHECKOUT=true to accept that.',
    );
  }
}

/** What the operator should know at start-up about stand-ins in use. */
export function startupWarnings(config: Env): string[] {
  const warnings: string[] = [];
  if (!config.GOOGLE_CLIENT_ID) {
    warnings.push(
      `Local sign-in is on (no GOOGLE_CLIENT_ID): anyone who can reach this server can sign in with any e-mail address${
        config.ADMIN_EMAILS.length && !config.ALLOW_LOCAL_SIGN_IN ? ' (but not as an ADMIN_EMAILS admin)' : ''
      }. Set GOOGLE_CLIENT_ID for real accounts.`,
    );
  }
  if (!config.STRIPE_SECRET_KEY)
    warnings.push('Local checkout is on (no STRIPE_SECRET_KEY): purchases grant credits without charging a card.');
  if (isProduction(config) && !config.PUBLIC_URL) {
    warnings.push(
      "PUBLIC_URL is not set: wallet sign-in and links trust each request's Host header. Set it to this site's public origin.",
    );
  }
  return warnings;
}
