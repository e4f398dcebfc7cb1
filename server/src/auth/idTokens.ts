// Identity-provider ID tokens: Google's (JWKS, audience = GOOGLE_CLIENT_ID) or, without it, a local provider's.
import { createHash } from 'node:crypto';
import { createRemoteJWKSet, errors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import type { AppContext } from '../context.ts';
import { HttpError, unauthorized } from '../http/errors.ts';
import { getOrCreateSetting } from '../settings.ts';

export interface Identity {
  /** The provider's stable subject id; stored as google_id. */
  subject: string;
  email: string;
  name: string;
  picture: string | null;
}

export interface IdTokenVerifier {
  readonly local: boolean;
  verify(token: string): Promise<Identity>;
  /** Local provider only: an ID token for this e-mail (stands in for the Google sign-in widget). */
  issue?(email: string, name: string): Promise<string>;
}

const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];
const LOCAL_ISSUER = 'local-identity-provider';
const LOCAL_AUDIENCE = 'agent-team-studio';

function identityFrom(payload: JWTPayload): Identity {
  const email = typeof payload.email === 'string' ? payload.email.toLowerCase() : '';
  if (!payload.sub || !email) throw unauthorized('The ID token carries no subject or e-mail');
  if (payload.email_verified === false || payload.email_verified === 'false')
    throw unauthorized('The e-mail of this account is not verified');
  const name =
    typeof payload.name === 'string' && payload.name.trim() ? payload.name.trim() : (email.split('@')[0] ?? email);
  const picture = typeof payload.picture === 'string' && /^https?:\/\//.test(payload.picture) ? payload.picture : null;
  return { subject: payload.sub, email, name: name.slice(0, 200), picture };
}

async function verifyWith(run: () => Promise<{ payload: JWTPayload }>): Promise<Identity> {
  try {
    return identityFrom((await run()).payload);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid) {
      throw new HttpError(503, 'The identity provider could not be reached; please try again');
    }
    if (error instanceof errors.JWTExpired) throw unauthorized('The ID token has expired; please sign in again');
    if (error instanceof errors.JOSEError || error instanceof TypeError) throw unauthorized('Invalid ID token');
    throw error;
  }
}

export async function createIdTokenVerifier(ctx: AppContext): Promise<IdTokenVerifier> {
  const { GOOGLE_CLIENT_ID: clientId, GOOGLE_JWKS_URL: jwksUrl } = ctx.config;
  if (clientId) {
    const jwks = createRemoteJWKSet(new URL(jwksUrl));
    return {
      local: false,
      verify: (token) =>
        verifyWith(() =>
          jwtVerify(token, jwks, {
            audience: clientId,
            issuer: GOOGLE_ISSUERS,
            currentDate: ctx.now(),
            algorithms: ['RS256', 'ES256'],
            requiredClaims: ['exp'],
          }),
        ),
    };
  }
  const key = new TextEncoder().encode(await getOrCreateSetting(ctx.db, 'local_idp_secret'));
  return {
    local: true,
    verify: (token) =>
      verifyWith(() =>
        jwtVerify(token, key, {
          audience: LOCAL_AUDIENCE,
          issuer: LOCAL_ISSUER,
          currentDate: ctx.now(),
          algorithms: ['HS256'],
          requiredClaims: ['exp'],
        }),
      ),
    issue: (email, name) => {
      const normalized = email.toLowerCase();
      const nowSeconds = Math.floor(ctx.now().getTime() / 1000);
      return new SignJWT({ email: normalized, email_verified: true, name })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(`local-${createHash('sha256').update(normalized).digest('hex').slice(0, 24)}`)
        .setIssuer(LOCAL_ISSUER)
        .setAudience(LOCAL_AUDIENCE)
        .setIssuedAt(nowSeconds)
        .setExpirationTime(nowSeconds + 600)
        .sign(key);
    },
  };
}
