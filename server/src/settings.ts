// Secrets the server generates once and keeps in the database, so every instance on one database agrees.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import { serverSettings } from './db/schema.ts';

export async function getOrCreateSetting(db: Db, key: string, make = () => randomBytes(32).toString('base64url')) {
  const existing = await db.select().from(serverSettings).where(eq(serverSettings.key, key));
  if (existing[0]) return existing[0].value;
  await db.insert(serverSettings).values({ key, value: make() }).onConflictDoNothing();
  const [row] = await db.select().from(serverSettings).where(eq(serverSettings.key, key));
  if (!row) throw new Error(`Setting ${key} could not be stored`);
  return row.value;
}
