// Wallet sign-in: an EIP-191 signed message naming this site's host and a recent issue time; each signature is used once.
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { getAddress, isAddress, parseSignature, verifyMessage, type Hex } from 'viem';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { usedWalletSignatures } from '../db/schema.ts';
import { unauthorized } from '../http/errors.ts';

export const MESSAGE_MAX_AGE_MS = 10 * 60 * 1000;
/** Tolerated clock skew between the wallet's device and this server. */
const FUTURE_SKEW_MS = 60 * 1000;

export interface WalletProof {
  wallet_address: string;
  message: string;
  signature: string;
}

export function siteHost(ctx: AppContext, request: FastifyRequest): string {
  return (ctx.config.PUBLIC_URL ? new URL(ctx.config.PUBLIC_URL).host : request.host).toLowerCase();
}

const lineValue = (message: string, label: string): string | null => {
  const match = message.match(new RegExp(`^${label}:[ \\t]*(.+?)[ \\t]*$`, 'im'));
  return match?.[1] ?? null;
};

/** Hosts the message names: the EIP-4361 first line, a `URI:` line, or a `Host:`/`Domain:` line. */
function hostsNamed(message: string): string[] {
  const hosts: string[] = [];
  const siwe = message.match(/^(?:[a-z][a-z0-9+.-]*:\/\/)?([^\s/]+) wants you to sign in/i);
  if (siwe?.[1]) hosts.push(siwe[1]);
  const uri = lineValue(message, 'URI');
  if (uri && URL.canParse(uri)) hosts.push(new URL(uri).host);
  for (const label of ['Host', 'Domain']) {
    const value = lineValue(message, label);
    if (value) hosts.push(value);
  }
  return hosts.map((h) => h.toLowerCase());
}

/** Checks the message and the signature; returns the checksummed address. Every failure is a 401. */
export async function verifyWalletProof(ctx: AppContext, request: FastifyRequest, proof: WalletProof): Promise<string> {
  if (!isAddress(proof.wallet_address, { strict: false })) throw unauthorized('Invalid wallet address');
  const address = getAddress(proof.wallet_address);
  if (!hostsNamed(proof.message).includes(siteHost(ctx, request))) {
    throw unauthorized(`The signed message must name this site (${siteHost(ctx, request)})`);
  }
  const issuedText = lineValue(proof.message, 'Issued At');
  const issuedAt = issuedText ? Date.parse(issuedText) : Number.NaN;
  if (Number.isNaN(issuedAt)) throw unauthorized('The signed message must carry an "Issued At: <ISO time>" line');
  const age = ctx.now().getTime() - issuedAt;
  if (age > MESSAGE_MAX_AGE_MS || age < -FUTURE_SKEW_MS) throw unauthorized('The signed message is older than 10 minutes or dated in the future; please sign a new one');
  const named = proof.message.match(/\n(0x[0-9a-fA-F]{40})\n/)?.[1];
  if (named && getAddress(named) !== address) throw unauthorized('The signed message names another wallet');
  let valid = false;
  try {
    valid = await verifyMessage({ address, message: proof.message, signature: proof.signature as Hex });
  } catch {
    valid = false;
  }
  if (!valid) throw unauthorized('The signature does not match the wallet address');
  return address;
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
export async function consumeSignature(db: Db, address: string, signature: string): Promise<boolean> {
  const signatureHash = createHash('sha256').update(signatureKey(signature)).digest('hex');
  const rows = await db.insert(usedWalletSignatures).values({ signatureHash, walletAddress: address }).onConflictDoNothing().returning();
  return rows.length > 0;
}
