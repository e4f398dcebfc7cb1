// Wallet sign-in: an EIP-4361 (Sign-In with Ethereum) message with a server-issued nonce, parsed and checked with
// viem's implementation; the message must name this site's host exactly and a URI on this origin.
import { and, eq, gt, lt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { getAddress, isAddress, parseSignature, verifyMessage, type Hex } from 'viem';
import { generateSiweNonce, parseSiweMessage, validateSiweMessage } from 'viem/siwe';
import { createHash } from 'node:crypto';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { usedWalletSignatures, walletNonces } from '../db/schema.ts';
import { unauthorized } from '../http/errors.ts';
import { siteHost, siteOrigin } from '../http/site.ts';

const MESSAGE_MAX_AGE_MS = 10 * 60 * 1000;
/** Tolerated clock skew between the wallet's device and this server. */
const FUTURE_SKEW_MS = 60 * 1000;

export interface WalletProof {
  wallet_address: string;
  message: string;
  signature: string;
}

/** A fresh nonce for one sign-in message, stored so any instance can accept it once within 10 minutes. */
export async function issueNonce(ctx: AppContext): Promise<{ nonce: string; expires_at: string }> {
  const now = ctx.now();
  const nonce = generateSiweNonce();
  const expiresAt = new Date(now.getTime() + MESSAGE_MAX_AGE_MS);
  await ctx.db.delete(walletNonces).where(lt(walletNonces.expiresAt, now));
  await ctx.db.insert(walletNonces).values({ nonce, expiresAt, createdAt: now });
  return { nonce, expires_at: expiresAt.toISOString() };
}

async function nonceIsLive(ctx: AppContext, nonce: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ nonce: walletNonces.nonce })
    .from(walletNonces)
    .where(and(eq(walletNonces.nonce, nonce), gt(walletNonces.expiresAt, ctx.now())));
  return row !== undefined;
}

/** Spends the nonce; false when it was already used or has expired. Atomic across instances (one DELETE). */
async function consumeNonce(ctx: AppContext, nonce: string): Promise<boolean> {
  const rows = await ctx.db
    .delete(walletNonces)
    .where(and(eq(walletNonces.nonce, nonce), gt(walletNonces.expiresAt, ctx.now())))
    .returning();
  return rows.length > 0;
}

/**
 * Checks the message and the signature without spending the nonce (registration spends it only after its own
 * checks pass); returns the checksummed address and the nonce. Every failure is a 401.
 */
export async function verifyWalletProof(
  ctx: AppContext,
  request: FastifyRequest,
  proof: WalletProof,
): Promise<{ address: string; nonce: string }> {
  if (!isAddress(proof.wallet_address, { strict: false })) throw unauthorized('Invalid wallet address');
  const address = getAddress(proof.wallet_address);
  const host = siteHost(ctx, request);
  const message = parseSiweMessage(proof.message);
  if (!message.domain || !message.uri || !message.nonce || !message.issuedAt || message.chainId === undefined) {
    throw unauthorized(
      'The signed message must be a Sign-In with Ethereum (EIP-4361) message with a nonce from this site',
    );
  }
  if (message.domain !== host) throw unauthorized(`The signed message must name this site (${host})`);
  if (!URL.canParse(message.uri) || new URL(message.uri).origin !== siteOrigin(ctx, request)) {
    throw unauthorized(`The signed message's URI must be on this site (${siteOrigin(ctx, request)})`);
  }
  if (!validateSiweMessage({ message, domain: host, address, time: ctx.now() })) {
    throw unauthorized('The signed message is not valid for this wallet, or it has expired');
  }
  const age = ctx.now().getTime() - message.issuedAt.getTime();
  if (!(age <= MESSAGE_MAX_AGE_MS && age >= -FUTURE_SKEW_MS)) {
    throw unauthorized('The signed message is older than 10 minutes or dated in the future; please sign a new one');
  }
  if (!(await nonceIsLive(ctx, message.nonce)))
    throw unauthorized('The nonce of the signed message is unknown, used or expired; please sign a new one');
  let valid = false;
  try {
    valid = await verifyMessage({ address, message: proof.message, signature: proof.signature as Hex });
  } catch {
    valid = false;
  }
  if (!valid) throw unauthorized('The signature does not match the wallet address');
  return { address, nonce: message.nonce };
}

const SECP256K1_N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

/** r and low-s of the signature: its malleable twin (n - s) or a compact form hashes the same. */
function signatureKey(signature: string): string {
  try {
    const { r, s } = parseSignature(signature as Hex);
    const sValue = BigInt(s);
    const lowS = sValue > SECP256K1_N / 2n ? SECP256K1_N - sValue : sValue;
    return `${BigInt(r).toString(16)}:${lowS.toString(16)}`;
  } catch {
    return signature.toLowerCase();
  }
}

/** Marks a signature used; false when it was used before. Atomic: the primary key decides between parallel uses. */
async function consumeSignature(db: Db, address: string, signature: string): Promise<boolean> {
  const signatureHash = createHash('sha256').update(signatureKey(signature)).digest('hex');
  const rows = await db
    .insert(usedWalletSignatures)
    .values({ signatureHash, walletAddress: address })
    .onConflictDoNothing()
    .returning();
  return rows.length > 0;
}

/** Spends the nonce and the signature together; 401 when either was used already. */
export async function spendProof(
  ctx: AppContext,
  proof: { address: string; nonce: string; signature: string },
): Promise<void> {
  const fresh =
    (await consumeNonce(ctx, proof.nonce)) && (await consumeSignature(ctx.db, proof.address, proof.signature));
  if (!fresh) throw unauthorized('This signed message has already been used; please sign a new one');
}
