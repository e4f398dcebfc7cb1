// Access tokens: HS256 JWTs (jose) with a required expiry, subject = user id, `ver` = the user's token version.
import { SignJWT, jwtVerify, errors } from 'jose';

export interface TokenClaims {
  userId: string;
  /** The user's token version when the token was signed; sign-out increments it, which revokes the token. */
  version: number;
}

export interface AccessTokens {
  sign(userId: string, version?: number): Promise<string>;
  /** The user id, or null when the token is malformed, forged, expired or has no expiry. */
  verify(token: string): Promise<string | null>;
  claims(token: string): Promise<TokenClaims | null>;
}

const ISSUER = 'agent-team-studio';

export function createAccessTokens(secret: string, ttl: string): AccessTokens {
  const key = new TextEncoder().encode(secret);
  const claims = async (token: string): Promise<TokenClaims | null> => {
    try {
      const { payload } = await jwtVerify(token, key, {
        issuer: ISSUER,
        algorithms: ['HS256'],
        requiredClaims: ['exp', 'sub'],
      });
      const version = payload.ver === undefined ? 0 : payload.ver;
      if (typeof payload.sub !== 'string' || typeof version !== 'number') return null;
      return { userId: payload.sub, version };
    } catch (error) {
      if (error instanceof errors.JOSEError) return null;
      throw error;
    }
  };
  return {
    sign: (userId, version = 0) =>
      new SignJWT({ ver: version })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(ttl)
        .sign(key),
    claims,
    verify: async (token) => (await claims(token))?.userId ?? null,
  };
}
