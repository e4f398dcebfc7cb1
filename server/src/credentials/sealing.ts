// AES-256-GCM sealing of stored credential values; the key comes from CREDENTIALS_KEY or DATA_DIR/credentials.key.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';

const KEY_FILE_NAME = 'credentials.key';
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface Sealer {
  /** `aad` binds the sealed value to its owner and server, so a row copied elsewhere cannot be opened. */
  seal(plaintext: string, aad: string): string;
  open(sealed: string, aad: string): string;
}

/** Accepts 32 bytes as 64 hex characters or as base64 / base64url; anything else is a start-up error. */
function parseKey(text: string, source: string): Buffer {
  const value = text.trim();
  let key: Buffer | null = null;
  if (/^[0-9a-fA-F]{64}$/.test(value)) key = Buffer.from(value, 'hex');
  else if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(value)) key = Buffer.from(value, 'base64');
  if (!key || key.length !== 32) {
    throw new Error(
      `${source} must be a 32-byte key written as 64 hex characters or base64 (got ${key ? `${key.length} bytes` : 'an unreadable value'})`,
    );
  }
  return key;
}

function readOrCreateKeyFile(dataDir: string): Buffer {
  const file = path.join(dataDir, KEY_FILE_NAME);
  try {
    return parseKey(readFileSync(file, 'utf8'), file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  try {
    // 'wx' so two processes starting together cannot overwrite each other's key.
    writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return parseKey(readFileSync(file, 'utf8'), file);
}

export function createSealer(key: Buffer): Sealer {
  return {
    seal(plaintext, aad) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(aad, 'utf8'));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
    },
    open(sealed, aad) {
      const [version, payload] = sealed.split(':');
      if (version !== VERSION || !payload) throw new Error('Unknown sealed credential format');
      const bytes = Buffer.from(payload, 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(aad, 'utf8'));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    },
  };
}

const sealers = new WeakMap<Config, Sealer>();

/** One sealer per configuration, built on first use (the routes build it at start-up so a bad key fails early). */
export function sealerFor(config: Config): Sealer {
  let sealer = sealers.get(config);
  if (!sealer) {
    const key = config.CREDENTIALS_KEY
      ? parseKey(config.CREDENTIALS_KEY, 'CREDENTIALS_KEY')
      : readOrCreateKeyFile(config.dataDir);
    sealer = createSealer(key);
    sealers.set(config, sealer);
  }
  return sealer;
}
