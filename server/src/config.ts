// Server configuration from the environment; every variable is listed in the README's configuration table.
import path from 'node:path';
import { z } from 'zod';

/** Defaults shared with the SPA (VITE_TEAM_ID, VITE_APP_NAME). */
export const DEFAULT_TEAM_ID = '6650f0c2a1b2c3d4e5f60718';
export const DEFAULT_APP_NAME = 'Agent Team Studio';

const csv = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  );

/** "true"/"1" or "false"/"0"; anything else is a configuration error rather than a silent default. */
const flag = z
  .enum(['true', 'false', '1', '0'])
  .default('false')
  .transform((v) => v === 'true' || v === '1');

const schema = z.object({
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
  STREAM_DELAY_MS: z.coerce.number().min(0).default(15),
  OPENAI_API_KEY: z.string().optional(),
  LLM_BASE_URL: z.string().url().optional(),
  LLM_MODEL: z.string().optional(),
  ALLOW_PRIVATE_TOOL_HOSTS: flag,
  MCP_CALL_TIMEOUT_MS: z.coerce.number().int().min(1).default(30_000),
  MCP_IDLE_MS: z.coerce.number().int().min(1).default(300_000),
  MCP_MAX_CONNECTIONS_PER_SERVER: z.coerce.number().int().min(1).default(4),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Env = z.infer<typeof schema>;

export interface Config extends Env {
  /** Absolute DATA_DIR. */
  dataDir: string;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  return { ...parsed.data, dataDir: path.resolve(parsed.data.DATA_DIR) };
}
