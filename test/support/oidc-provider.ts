import { OAuth2Server } from 'oauth2-mock-server';

export interface OidcIdentity {
  sub: string;
  email: string;
  name: string;
  emailVerified?: boolean;
}

/**
 * A local OpenID Connect provider (oauth2-mock-server on loopback) standing in for Google: real
 * discovery, JWKS, authorization code + PKCE, and RS256-signed ID tokens. `tamper` lets a test break
 * the next ID token (wrong audience, issuer, expiry) to see it refused.
 */
export async function startOidcProvider() {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  const issuer = server.issuer.url!.replace('localhost', '127.0.0.1');
  server.issuer.url = issuer;

  let identity: OidcIdentity = { sub: 'google-1001', email: 'gia.google@example.com', name: 'Gia Google' };
  let tamper: ((payload: Record<string, unknown>) => void) | null = null;

  server.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    Object.assign(token.payload, {
      sub: identity.sub,
      email: identity.email,
      email_verified: identity.emailVerified ?? true,
      name: identity.name,
    });
    if (token.payload.nonce !== undefined || 'aud' in token.payload) tamper?.(token.payload);
  });
  server.service.on('beforeUserinfo', (response: { body: Record<string, unknown> }) => {
    response.body = {
      sub: identity.sub,
      email: identity.email,
      email_verified: identity.emailVerified ?? true,
      name: identity.name,
    };
  });

  return {
    issuer,
    signInAs(next: OidcIdentity) {
      identity = next;
    },
    tamperWithIdToken(change: ((payload: Record<string, unknown>) => void) | null) {
      tamper = change;
    },
    close: () => server.stop(),
  };
}
