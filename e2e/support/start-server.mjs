// The end-to-end server: a local OpenID Connect provider standing in for Google (oauth2-mock-server on
// loopback), a local SMTP server keeping the shop's mails (read by the tests over a small HTTP
// endpoint), then the built shop configured to use both, on an in-memory database.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { OAuth2Server } from 'oauth2-mock-server';
import { SMTPServer } from 'smtp-server';

const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 4176);
const mailboxPort = Number(process.env.E2E_MAILBOX_PORT ?? 4177);
/** @type {{ to: string[], raw: string }[]} */
const mails = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    /** @type {Buffer[]} */
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      mails.push({
        to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
        raw: Buffer.concat(chunks).toString(),
      });
      callback();
    });
  },
});
await new Promise((resolve) => smtp.listen(smtpPort, '127.0.0.1', () => resolve(undefined)));
// GET /mails?to=address → the raw mails sent to that address, oldest first.
const mailbox = createServer((request, response) => {
  const to = new URL(request.url ?? '/', 'http://mailbox').searchParams.get('to') ?? '';
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify(mails.filter((mail) => mail.to.includes(to)).map((mail) => mail.raw)));
});
await new Promise((resolve) => mailbox.listen(mailboxPort, '127.0.0.1', () => resolve(undefined)));

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
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  },
});
const stop = async () => {
  shop.kill('SIGTERM');
  await oidc.stop();
  smtp.close();
  mailbox.close();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
shop.on('exit', async (code) => {
  await oidc.stop().catch(() => {});
  process.exit(code ?? 0);
});
