import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The same message in the shop's look; mail clients that cannot show it use `text`. */
  html?: string;
  /** Further headers (List-Unsubscribe). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** Closes the connections kept open to the SMTP server. */
  close(): void;
}

/**
 * SMTP when SMTP_URL is set; otherwise the message (links included) goes to the server log, and in
 * development each mail's link is also printed as one plain line, easy to find and open (the email
 * verification link that makes an ADMIN_EMAILS account admin, a password-reset link).
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  log: FastifyBaseLogger;
  printLinks?: boolean;
}): Mailer {
  if (!options.smtpUrl) {
    return {
      send: async (mail) => {
        options.log.info(
          { mail: { to: mail.to, subject: mail.subject } },
          `mail (no SMTP_URL set):\n${mail.text}`,
        );
        const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
        if (options.printLinks && link)
          process.stdout.write(`Mail to ${mail.to}: ${mail.subject}: ${link}\n`);
      },
      close: () => {},
    };
  }
  // Pooled: a paid order sends two mails, and opening a connection for each (greeting, EHLO, QUIT) was
  // work on the shop's one thread. The pool keeps up to five connections, each for up to 100 messages,
  // and closes one left idle for four minutes (nodemailer's defaults); `?pool=false` in SMTP_URL turns
  // it off.
  const transport = nodemailer.createTransport({ url: options.smtpUrl, pool: true });
  return {
    send: async (mail) => {
      await transport.sendMail({ from: options.from, ...mail });
    },
    close: () => transport.close(),
  };
}
