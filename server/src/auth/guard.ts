// Bearer-token guard: resolves the signed-in user for a request or answers 401.
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { users } from '../db/schema.ts';
import { unauthorized } from '../http/errors.ts';

export type UserRow = typeof users.$inferSelect;

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

export async function userFromToken(ctx: AppContext, token: string | null): Promise<UserRow | null> {
  if (!token) return null;
  const claims = await ctx.tokens.claims(token);
  if (!claims) return null;
  const [user] = await ctx.db.select().from(users).where(eq(users.id, claims.userId));
  // A token signed before the user's last sign-out carries an older version.
  return user && user.tokenVersion === claims.version ? user : null;
}

export async function requireUser(ctx: AppContext, request: FastifyRequest): Promise<UserRow> {
  const token = bearerToken(request);
  if (!token) throw unauthorized('Not authenticated');
  const user = await userFromToken(ctx, token);
  if (!user) throw unauthorized('Invalid or expired token');
  return user;
}
