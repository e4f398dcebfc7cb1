// A local stand-in for Google's identity provider: an RS256 key pair whose public half is served as a JWKS.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';

export interface FakeGoogle {
  jwksUrl: string;
  /** Signs an ID token; claims override the defaults (audience, issuer, e-mail). */
  idToken(
    claims: JWTPayload & { aud?: string; iss?: string },
    options?: { expiresIn?: string | number },
  ): Promise<string>;
  close(): Promise<void>;
}

export async function startFakeGoogle(clientId: string): Promise<FakeGoogle> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    jwksUrl: `http://127.0.0.1:${port}/oauth2/v3/certs`,
    idToken: ({ aud, iss, ...claims }, options = {}) =>
      new SignJWT({ email_verified: true, ...claims })
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
        .setAudience(aud ?? clientId)
        .setIssuer(iss ?? 'https://accounts.google.com')
        .setIssuedAt()
        .setExpirationTime(options.expiresIn ?? '1h')
        .sign(privateKey),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
