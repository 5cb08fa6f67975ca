// The end-to-end server: a local OpenID Connect provider standing in for Google (oauth2-mock-server on
// loopback), then the built shop configured to use it, on an in-memory database.
import { spawn } from 'node:child_process';
import { OAuth2Server } from 'oauth2-mock-server';

const oidcPort = Number(process.env.E2E_OIDC_PORT ?? 4174);
export const googleUser = { sub: 'google-e2e-1', email: 'gia.google@example.com', name: 'Gia Google' };

const oidc = new OAuth2Server();
await oidc.issuer.keys.generate('RS256');
await oidc.start(oidcPort, '127.0.0.1');
oidc.issuer.url = `http://127.0.0.1:${oidcPort}`;
oidc.service.on('beforeTokenSigning', (token) => {
  Object.assign(token.payload, {
    sub: googleUser.sub,
    email: googleUser.email,
    email_verified: true,
    name: googleUser.name,
  });
});
oidc.service.on('beforeUserinfo', (response) => {
  response.body = {
    sub: googleUser.sub,
    email: googleUser.email,
    email_verified: true,
    name: googleUser.name,
  };
});

const shop = spawn(process.execPath, ['dist/server/main.js'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    GOOGLE_CLIENT_ID: 'shop-e2e',
    GOOGLE_CLIENT_SECRET: 'shop-e2e-secret',
    GOOGLE_ISSUER: oidc.issuer.url,
  },
});
const stop = async () => {
  shop.kill('SIGTERM');
  await oidc.stop();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
shop.on('exit', async (code) => {
  await oidc.stop().catch(() => {});
  process.exit(code ?? 0);
});
