import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/support/eventually';
import { startSmtpSink } from '../../../test/support/smtp-sink';
import { createMailer } from './mailer';

const silent = { info() {}, warn() {}, error() {} } as unknown as Parameters<typeof createMailer>[0]['log'];
const mail = (n: number) => ({ to: `buyer${n}@example.com`, subject: `Mail ${n}`, text: `Hello ${n}` });

describe('the SMTP mailer', () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  beforeEach(async () => {
    sink = await startSmtpSink();
  });
  afterEach(() => sink.close());

  it('sends mail after mail over one kept connection, and closes it when the shop stops', async () => {
    const mailer = createMailer({ smtpUrl: sink.url, from: 'shop@example.com', log: silent });
    for (const n of [1, 2, 3]) await mailer.send(mail(n));
    expect(sink.mails.map((received) => received.to)).toEqual([
      ['buyer1@example.com'],
      ['buyer2@example.com'],
      ['buyer3@example.com'],
    ]);
    expect(sink.connections).toEqual({ opened: 1, open: 1 });
    mailer.close();
    await eventually(async () => expect(sink.connections.open).toBe(0));
  });

  it('opens a connection per mail when SMTP_URL says ?pool=false', async () => {
    const mailer = createMailer({
      smtpUrl: `${sink.url}/?pool=false`,
      from: 'shop@example.com',
      log: silent,
    });
    for (const n of [1, 2]) await mailer.send(mail(n));
    expect(sink.mails).toHaveLength(2);
    await eventually(async () => expect(sink.connections).toEqual({ opened: 2, open: 0 }));
    mailer.close();
  });
});
