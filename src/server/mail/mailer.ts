import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** SMTP when SMTP_URL is set; otherwise the message (links included) goes to the server log. */
export function createMailer(options: { smtpUrl?: string; from: string; log: FastifyBaseLogger }): Mailer {
  if (!options.smtpUrl) {
    return {
      send: async (mail) => {
        options.log.info(
          { mail: { to: mail.to, subject: mail.subject } },
          `mail (no SMTP_URL set):\n${mail.text}`,
        );
      },
    };
  }
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    send: async (mail) => {
      await transport.sendMail({ from: options.from, ...mail });
    },
  };
}
