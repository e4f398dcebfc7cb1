// /api/v1 routes of the auth domain: identity-provider and wallet sign-in, the local identity provider, the current user.
import { eq, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { devTokenBody, idTokenBody, walletLoginBody, walletRegisterBody } from '../../../contract/bodies.ts';
import type { AuthResponse } from '../../../contract/types.ts';
import type { AppContext } from '../context.ts';
import { users } from '../db/schema.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { parse } from '../http/validate.ts';
import { limitPerMinute } from '../http/rateLimit.ts';
import { requireUser, type UserRow } from './guard.ts';
import { createIdTokenVerifier } from './idTokens.ts';
import { idProviderTrusted, refreshAdmin, registerUser, toUser } from './users.ts';
import { issueNonce, spendProof, verifyWalletProof } from './wallet.ts';

const userNotFound = (message: string) => new HttpError(404, { code: 'user_not_found', message });

export async function authRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const idTokens = await createIdTokenVerifier(ctx);

  const grant = async (row: UserRow): Promise<AuthResponse> => ({
    access_token: await ctx.tokens.sign(row.id, row.tokenVersion),
    token_type: 'bearer',
  });
  const limited = limitPerMinute(ctx.config.RATE_LIMIT_SIGN_IN);

  app.post('/auth/dev/token', limited, async (request) => {
    if (!idTokens.issue) throw notFound('Local identity provider');
    const body = parse(devTokenBody, request.body);
    return { token: await idTokens.issue(body.email, body.name ?? body.email.split('@')[0] ?? body.email) };
  });

  app.post('/auth/google/login', limited, async (request) => {
    const { token } = parse(idTokenBody, request.body);
    const identity = await idTokens.verify(token);
    // Found by provider subject only: wallet accounts' e-mails are unverified, so linking by e-mail could hand
    // someone else's sign-in to whoever typed that address first.
    const [row] = await ctx.db.select().from(users).where(eq(users.googleId, identity.subject));
    if (!row) throw userNotFound('No account exists for this sign-in; register first');
    return grant(await refreshAdmin(ctx, row, idProviderTrusted(ctx, idTokens.local)));
  });

  app.post('/auth/google/register', limited, async (request, reply) => {
    const { token } = parse(idTokenBody, request.body);
    const identity = await idTokens.verify(token);
    const [existing] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(or(eq(users.googleId, identity.subject), eq(users.email, identity.email)));
    if (existing) throw new HttpError(409, 'An account already exists for this sign-in; log in instead');
    const row = await registerUser(ctx, {
      name: identity.name,
      email: identity.email,
      picture: identity.picture,
      googleId: identity.subject,
      emailTrusted: idProviderTrusted(ctx, idTokens.local),
    });
    return reply.status(201).send(await grant(row));
  });

  app.get('/auth/wallet/nonce', limited, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return issueNonce(ctx);
  });

  app.post('/auth/wallet/login', limited, async (request) => {
    const body = parse(walletLoginBody, request.body);
    const { address, nonce } = await verifyWalletProof(ctx, request, body);
    const [row] = await ctx.db.select().from(users).where(eq(users.walletAddress, address));
    // A wallet without an account keeps its nonce: the client registers with a fresh signature of a new one.
    if (!row) throw userNotFound('No account is linked to this wallet; register first');
    await spendProof(ctx, { address, nonce, signature: body.signature });
    return grant(await refreshAdmin(ctx, row, false));
  });

  app.post('/auth/wallet/register', limited, async (request, reply) => {
    const body = parse(walletRegisterBody, request.body);
    const { address, nonce } = await verifyWalletProof(ctx, request, body);
    const clashes = await ctx.db
      .select()
      .from(users)
      .where(or(eq(users.walletAddress, address), eq(users.email, body.email), eq(users.username, body.username)));
    // Checked before the signature is spent, so the user can fix the name and retry with the same signature.
    if (clashes.some((u) => u.walletAddress === address))
      throw new HttpError(409, 'This wallet is already registered; log in instead');
    if (clashes.some((u) => u.email === body.email))
      throw new HttpError(409, 'An account with this e-mail already exists');
    if (clashes.length) throw new HttpError(409, 'This username is already taken');
    await spendProof(ctx, { address, nonce, signature: body.signature });
    const row = await registerUser(ctx, {
      name: body.username,
      email: body.email,
      username: body.username,
      walletAddress: address,
      emailTrusted: false,
    });
    return reply.status(201).send(await grant(row));
  });

  // Sign-out on the server: every access token of the user issued so far stops working, on every instance.
  app.post('/auth/logout', async (request, reply) => {
    const user = await requireUser(ctx, request);
    await ctx.db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, user.id));
    return reply.status(204).send();
  });

  app.get('/auth/users/me', async (request) => toUser(await requireUser(ctx, request)));
}
