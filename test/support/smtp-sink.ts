import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/**
 * A local SMTP server (the real protocol, on loopback) that keeps what it receives: the mail edge of
 * the shop, faked where it leaves our network. Point SMTP_URL at `url`.
 */
export async function startSmtpSink(): Promise<{
  url: string;
  mails: ReceivedMail[];
  /** Connections opened to it so far, and those still open. */
  connections: { opened: number; open: number };
  /** The next `count` messages are refused with a temporary failure (451), as a busy server does. */
  refuseNext(count: number): void;
  close(): Promise<void>;
}> {
  const mails: ReceivedMail[] = [];
  let refusals = 0;
  const connections = { opened: 0, open: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onConnect(_session, callback) {
      connections.opened += 1;
      connections.open += 1;
      callback();
    },
    onClose() {
      connections.open -= 1;
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusals > 0) {
          refusals -= 1;
          const error = Object.assign(new Error('Try again later'), { responseCode: 451 });
          callback(error);
          return;
        }
        mails.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    connections,
    refuseNext(count) {
      refusals = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link to our shop in a mail (quoted-printable soft breaks undone). */
export function linkIn(mail: ReceivedMail): string {
  const text = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = /https?:\/\/localhost:3000\/\S+/.exec(text);
  if (!match) throw new Error(`no link in mail:\n${mail.raw}`);
  return match[0];
}

/** A received mail as a mail client reads it: subject, recipients, text and HTML (MIME decoded). */
export async function readMail(mail: ReceivedMail) {
  const { simpleParser } = await import('mailparser');
  const parsed = await simpleParser(mail.raw);
  return {
    to: mail.to,
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    html: typeof parsed.html === 'string' ? parsed.html : '',
  };
}
