// User accounts: the public User shape, unique usernames, and registration (admin rule, team owner, welcome credits).
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { User } from '../../../contract/types.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { serverSettings, teams, users } from '../db/schema.ts';
import { grantCredits } from '../credits/ledger.ts';
import { conflict } from '../http/errors.ts';
import { newId } from '../ids.ts';
import type { UserRow } from './guard.ts';

export interface NewUser {
  name: string;
  email: string;
  picture?: string | null;
  googleId?: string;
  walletAddress?: string;
  /** Chosen by the user (wallet sign-up); otherwise derived from the e-mail. */
  username?: string;
  /** Whether this sign-in proves the e-mail well enough for ADMIN_EMAILS to make the account admin. */
  emailTrusted: boolean;
}

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    username: row.username,
    email: row.email,
    picture: row.picture,
    google_id: row.googleId,
    is_admin: row.isAdmin,
    wallet_address: row.walletAddress,
    created_at: row.createdAt.toISOString(),
  };
}

/** The e-mail's local part, reduced to [a-z0-9._-], 3 to 30 characters. */
function usernameBase(email: string): string {
  const local = (email.split('@')[0] ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9._-]/g, '')
    .slice(0, 24);
  return local.length >= 3 ? local : `user${local}`;
}

async function uniqueUsername(db: Db, base: string): Promise<string> {
  const pattern = `${base.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const taken = new Set(
    (
      await db
        .select({ username: users.username })
        .from(users)
        .where(sql`${users.username} LIKE ${pattern}`)
    ).map((r) => r.username),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}${n}`)) return `${base}${n}`;
}

const isUniqueViolation = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

async function insertUser(ctx: AppContext, input: NewUser): Promise<UserRow> {
  return ctx.db.transaction(async (tx) => {
    const clash = await tx
      .select({ email: users.email, username: users.username })
      .from(users)
      .where(or(eq(users.email, input.email), input.username ? eq(users.username, input.username) : sql`false`));
    if (clash.some((c) => c.email === input.email))
      throw conflict('An account with this e-mail already exists; sign in instead');
    if (clash.length) throw conflict('This username is already taken');
    const admins = ctx.config.ADMIN_EMAILS;
    // With no admin list the first account becomes admin; the settings row makes that claim atomic.
    const firstAdmin =
      admins.length === 0 &&
      (
        await tx
          .insert(serverSettings)
          .values({ key: 'first_admin_user', value: 'pending' })
          .onConflictDoNothing()
          .returning()
      ).length > 0;
    const id = newId();
    if (firstAdmin)
      await tx.update(serverSettings).set({ value: id }).where(eq(serverSettings.key, 'first_admin_user'));
    const [row] = await tx
      .insert(users)
      .values({
        id,
        name: input.name,
        email: input.email,
        username: input.username ?? (await uniqueUsername(tx, usernameBase(input.email))),
        picture: input.picture ?? null,
        googleId: input.googleId ?? null,
        walletAddress: input.walletAddress ?? null,
        isAdmin: firstAdmin || (input.emailTrusted && admins.includes(input.email)),
        createdAt: ctx.now(),
      })
      .returning();
    if (!row) throw new Error('User insert returned nothing');
    if (row.isAdmin) {
      await tx
        .update(teams)
        .set({ ownerId: row.id })
        .where(and(eq(teams.id, ctx.config.TEAM_ID), isNull(teams.ownerId)));
    }
    if (ctx.config.FREE_CREDITS > 0) {
      await grantCredits(tx, {
        userId: row.id,
        amount: ctx.config.FREE_CREDITS,
        transactionType: 'free_credits',
        description: 'Welcome credits',
        bucket: 'purchased',
      });
    }
    return row;
  });
}

export async function registerUser(ctx: AppContext, input: NewUser): Promise<UserRow> {
  // Two sign-ups deriving the same username at once: the loser retries with the next free name.
  for (let attempt = 0; ; attempt++) {
    try {
      return await insertUser(ctx, input);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (input.username || attempt >= 3) throw conflict('This account already exists or its username is taken');
    }
  }
}

/**
 * Whether a sign-in through this identity provider may be trusted with ADMIN_EMAILS: Google's verified e-mails
 * are; the local provider's are typed in by anyone, so only when the operator says so; wallet e-mails never.
 */
export const idProviderTrusted = (ctx: AppContext, local: boolean): boolean => !local || ctx.config.ALLOW_LOCAL_SIGN_IN;

/** Keeps is_admin in step with ADMIN_EMAILS when it lists the user's e-mail and the sign-in proved that e-mail. */
export async function refreshAdmin(ctx: AppContext, row: UserRow, emailTrusted: boolean): Promise<UserRow> {
  if (row.isAdmin || !emailTrusted || !row.email || !ctx.config.ADMIN_EMAILS.includes(row.email)) return row;
  const [updated] = await ctx.db.update(users).set({ isAdmin: true }).where(eq(users.id, row.id)).returning();
  return updated ?? row;
}
