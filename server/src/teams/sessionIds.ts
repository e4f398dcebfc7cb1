// Ids of sessions a run is about to create: the start frame carries one before anything is stored, and only the
// user and team it was issued for can create a session with it later (for example after a refused run).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../context.ts';
import { getOrCreateSetting } from '../settings.ts';

export interface SessionIds {
  issue(userId: string, teamId: string): string;
  /** True when this server issued the id to this user for this team (whether or not the session exists yet). */
  wasIssued(id: string, userId: string, teamId: string): boolean;
}

const NONCE_HEX = 20;
const UUID_SHAPE = /^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})$/;

/** UUID-shaped like every other session id: 80 random bits, then 48 bits of a keyed MAC over user and team. */
export function createSessionIds(key: string): SessionIds {
  const mac = (nonce: string, userId: string, teamId: string) =>
    createHmac('sha256', key)
      .update(`${nonce}:${userId}:${teamId}`)
      .digest('hex')
      .slice(0, 32 - NONCE_HEX);
  const format = (hex: string) =>
    `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return {
    issue(userId, teamId) {
      const nonce = randomBytes(NONCE_HEX / 2).toString('hex');
      return format(nonce + mac(nonce, userId, teamId));
    },
    wasIssued(id, userId, teamId) {
      const parts = UUID_SHAPE.exec(id);
      if (!parts) return false;
      const hex = parts.slice(1).join('');
      const expected = mac(hex.slice(0, NONCE_HEX), userId, teamId);
      return timingSafeEqual(Buffer.from(hex.slice(NONCE_HEX)), Buffer.from(expected));
    },
  };
}

const loaded = new WeakMap<AppContext, Promise<SessionIds>>();

/** One key per database, so every server instance on it accepts the ids the others issued. */
export function sessionIdsOf(ctx: AppContext): Promise<SessionIds> {
  let ids = loaded.get(ctx);
  if (!ids) {
    ids = getOrCreateSetting(ctx.db, 'session_id_key').then(createSessionIds);
    loaded.set(ctx, ids);
  }
  return ids;
}
