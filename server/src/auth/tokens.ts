// Access tokens: HS256 JWTs (jose) with an expiry, subject = user id.
import { SignJWT, jwtVerify, errors } from 'jose';

export interface AccessTokens {
  sign(userId: string): Promise<string>;
  /** The user id, or null when the token is malformed, forged or expired. */
  verify(token: string): Promise<string | null>;
}

const ISSUER = 'agent-team-studio';

export function createAccessTokens(secret: string, ttl: string): AccessTokens {
  const key = new TextEncoder().encode(secret);
  return {
    sign: (userId) =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(ttl)
        .sign(key),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'] });
        return typeof payload.sub === 'string' ? payload.sub : null;
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}
