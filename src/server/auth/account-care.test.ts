import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookiesOf, PASSWORD, sessionOf, signIn, signUp, uniqueEmail } from '../../../test/support/auth';
import { linkIn, readMail, startSmtpSink } from '../../../test/support/smtp-sink';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { totpCode } from '../../../test/support/totp';

const pathOf = (link: string) => {
  const url = new URL(link);
  return url.pathname + url.search;
};

describe('account care by email (through a local SMTP server)', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp({ seed: false, env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const mailTo = async (email: string) => {
    for (let i = 0; i < 50 && !smtp.mails.some((mail) => mail.to.includes(email)); i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const mails = smtp.mails.filter((mail) => mail.to.includes(email));
    if (mails.length === 0) throw new Error(`no mail to ${email}`);
    return mails.at(-1)!;
  };

  it('sends a verification mail at sign-up; the link verifies the email and lands on the shop', async () => {
    const { email, cookie } = await signUp(t);
    const mail = await mailTo(email);
    expect(mail.raw).toMatch(/Subject: Confirm your email/);
    const visit = await t.app.inject({ method: 'GET', url: pathOf(linkIn(mail)) });
    expect(visit.statusCode).toBe(302);
    expect(visit.headers.location).toBe('/');
    expect((await sessionOf(t, cookie)).emailVerified).toBe(true);
  });

  it('puts nothing typed at sign-up into the mail to the address not yet confirmed', async () => {
    const email = uniqueEmail('target');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name: 'Security alert – log in at https://evil.example', email, password: PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    const mail = await readMail(await mailTo(email));
    expect(mail.subject).toBe('Confirm your email for Reliable Tech Parts');
    for (const body of [mail.text, mail.html]) expect(body).not.toMatch(/Security alert|evil/);
    expect(mail.text).toMatch(/^Hello,$/m);
  });

  it('mails the owner instead of telling whoever signs up with an address that it has an account', async () => {
    const { email } = await signUp(t, { name: 'Olive Owner' });
    const before = smtp.mails.filter((mail) => mail.to.includes(email)).length;
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name: 'Someone Else', email, password: 'a different long secret' },
    });
    expect(again.statusCode).toBe(200);
    for (let i = 0; i < 100 && smtp.mails.filter((mail) => mail.to.includes(email)).length === before; i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const notice = await readMail(smtp.mails.filter((mail) => mail.to.includes(email)).at(-1)!);
    expect(notice.subject).toBe('Someone tried to sign up at Reliable Tech Parts with your address');
    expect(notice.text).toContain('You already have one, so nothing was changed.');
    expect(notice.text).toContain('http://localhost:3000/forgot-password');
    expect(notice.text).not.toContain('Someone Else');
    expect((await signIn(t, email)).statusCode).toBe(200);
  });

  it('refuses a weak new password with the reason, at sign-up, reset and change', async () => {
    const weak = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name: 'Wes', email: uniqueEmail(), password: 'abcdefgh' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.fields.password).toMatch(/^This password is too easy to guess\. .+/);
    const repeated = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name: 'Wes', email: uniqueEmail(), password: 'aaaaaaaa' },
    });
    expect(repeated.json().error.fields.password).toMatch(/Repeated characters/);
    const ownAddress = uniqueEmail('wesley.longname');
    const named = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name: 'Wes', email: ownAddress, password: ownAddress },
    });
    expect(named.statusCode).toBe(400);

    const { cookie } = await signUp(t);
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie },
      payload: { currentPassword: PASSWORD, newPassword: 'qwertyuiop' },
    });
    expect(change.statusCode).toBe(400);
    expect(change.json().error.fields.newPassword).toMatch(/too (easy to guess|common)/);
  });

  it('re-sends the verification mail on request', async () => {
    const { email, cookie } = await signUp(t);
    const before = smtp.mails.length;
    const resend = await t.app.inject({
      method: 'POST',
      url: '/api/auth/send-verification-email',
      headers: { cookie },
      payload: { email, callbackURL: '/' },
    });
    expect(resend.statusCode).toBe(200);
    await mailTo(email);
    expect(smtp.mails.length).toBeGreaterThan(before);
  });

  it('resets a forgotten password by mail, signing out the old sessions', async () => {
    const { email, cookie } = await signUp(t);
    const request = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email, redirectTo: '/reset-password' },
    });
    expect(request.statusCode).toBe(200);
    const mail = await mailTo(email);
    expect(mail.raw).toMatch(/Subject: Reset your Reliable Tech Parts password/);
    const visit = await t.app.inject({ method: 'GET', url: pathOf(linkIn(mail)) });
    expect(visit.statusCode).toBe(302);
    const target = new URL(String(visit.headers.location), 'http://localhost:3000');
    expect(target.pathname).toBe('/reset-password');
    const token = target.searchParams.get('token');
    expect(token).toBeTruthy();

    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { newPassword: 'a brand new secret', token },
    });
    expect(reset.statusCode).toBe(200);
    expect(await sessionOf(t, cookie)).toBeNull();
    expect((await signIn(t, email)).statusCode).toBe(401);
    expect((await signIn(t, email, 'a brand new secret')).statusCode).toBe(200);

    const reused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { newPassword: 'another new secret', token },
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.message).toBe(
      'This link is invalid or has expired. Please ask for a new one.',
    );
  });

  it('answers a reset request for an unknown email like any other, sending nothing', async () => {
    const email = uniqueEmail('ghost');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email, redirectTo: '/reset-password' },
    });
    expect(response.statusCode).toBe(200);
    // A reset for a real account right after is the event to wait for: by the time its mail is in,
    // one for the unknown address would have been too.
    const { email: known } = await signUp(t);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: known, redirectTo: '/reset-password' },
    });
    const resetFor = (address: string) =>
      smtp.mails.some((mail) => mail.to.includes(address) && /Subject: Reset your/.test(mail.raw));
    for (let i = 0; i < 100 && !resetFor(known); i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(resetFor(known)).toBe(true);
    expect(smtp.mails.some((mail) => mail.to.includes(email))).toBe(false);
  });
});

describe('two-factor sign-in (TOTP)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(() => t.close());

  async function enrol() {
    const user = await signUp(t);
    const enable = await t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/enable',
      headers: { cookie: user.cookie },
      payload: { password: PASSWORD },
    });
    expect(enable.statusCode).toBe(200);
    const { totpURI, backupCodes } = enable.json() as { totpURI: string; backupCodes: string[] };
    expect(backupCodes.length).toBeGreaterThanOrEqual(8);
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/verify-totp',
      headers: { cookie: user.cookie },
      payload: { code: totpCode(totpURI) },
    });
    expect(confirm.statusCode).toBe(200);
    return { ...user, totpURI, backupCodes, cookie: cookiesOf(confirm) || user.cookie };
  }

  it('refuses to enrol without the right password', async () => {
    const user = await signUp(t);
    const enable = await t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/enable',
      headers: { cookie: user.cookie },
      payload: { password: 'wrong password' },
    });
    expect(enable.statusCode).toBe(400);
    expect((await sessionOf(t, user.cookie)).twoFactorEnabled).toBe(false);
  });

  it('asks for a code after the password, and signs in only with a right one', async () => {
    const user = await enrol();
    const first = await signIn(t, user.email);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ twoFactorRedirect: true });
    const pending = cookiesOf(first);
    expect(await sessionOf(t, pending)).toBeNull();

    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/verify-totp',
      headers: { cookie: pending },
      payload: { code: '000000' === totpCode(user.totpURI) ? '111111' : '000000' },
    });
    expect(wrong.statusCode).toBe(401);

    const right = await t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/verify-totp',
      headers: { cookie: pending },
      payload: { code: totpCode(user.totpURI) },
    });
    expect(right.statusCode).toBe(200);
    const session = await sessionOf(t, cookiesOf(right));
    expect(session).toMatchObject({ email: user.email, twoFactorEnabled: true });
  });

  it('accepts a backup code once', async () => {
    const user = await enrol();
    const code = user.backupCodes[0]!;
    const signInWithBackupCode = async () => {
      const pending = cookiesOf(await signIn(t, user.email));
      return t.app.inject({
        method: 'POST',
        url: '/api/auth/two-factor/verify-backup-code',
        headers: { cookie: pending },
        payload: { code },
      });
    };
    expect((await signInWithBackupCode()).statusCode).toBe(200);
    expect((await signInWithBackupCode()).statusCode).toBe(401);
  });
});
