// Signed links to a run's Agent's Computer: short-lived HS256 JWTs (jose) naming the run and its owner.
import { createHmac } from 'node:crypto';
import { SignJWT, errors, jwtVerify } from 'jose';

/** Not the access tokens' issuer, and a key of its own: a leaked viewing link can never act as a sign-in token. */
const ISSUER = 'agent-team-studio/computer';

/** What a link lets its holder load: the viewer page and its stream, or the workflow view the browser itself opens. */
export type ComputerPurpose = 'view' | 'workflow';

export interface ComputerTokens {
  sign(runId: string, userId: string, purpose: ComputerPurpose): Promise<string>;
  /** The user the link was issued to, or null when it is malformed, forged, expired, or for another run or purpose. */
  verify(token: string, runId: string, purpose: ComputerPurpose): Promise<string | null>;
}

export function createComputerTokens(secret: string, ttlSeconds: number): ComputerTokens {
  const key = createHmac('sha256', secret).update('agent-computer-links').digest();
  return {
    sign: (runId, userId, purpose) =>
      new SignJWT({ run: runId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(purpose)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key),
    async verify(token, runId, purpose) {
      if (token.length > 2000) return null;
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          audience: purpose,
          algorithms: ['HS256'],
          requiredClaims: ['exp', 'sub'],
        });
        return payload.run === runId && typeof payload.sub === 'string' ? payload.sub : null;
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}
