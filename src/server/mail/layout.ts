import { escapeHtml } from '#server/lib/html.ts';
import { SHOP_NAME, TAGLINE } from '#shared/shop.ts';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

/** A mail's way out of a list (back-in-stock mails): a link in its footer, also put in its headers. */
export interface Unsubscribe {
  label: string;
  /** The page a reader opens. */
  url: string;
  /** What a mail program posts to at once (RFC 8058 one-click), for the List-Unsubscribe headers. */
  oneClickUrl: string;
}

export interface MailBody {
  subject: string;
  /** The greeting and paragraphs, as plain text (escaped for the HTML part). */
  paragraphs: string[];
  /** Rows of a table (the order's lines and totals), each a label and a value. */
  table?: { head: [string, string, string]; rows: [string, string, string][]; total: [string, string] };
  /** Where the reader can see more. */
  link?: { label: string; url: string };
  unsubscribe?: Unsubscribe;
}

/**
 * Text people wrote (names, addresses, part names), made unclickable: mail programs turn whatever looks
 * like a web or mail address into a link, so a name such as "Security alert – log in at
 * https://evil.example" would reach the inbox as the shop's link. A zero-width space after each dot,
 * colon and at sign breaks that look and changes nothing the reader sees.
 */
export const inert = (text: string) => text.replace(/([.:@])(?=\S)/g, '$1\u200B');

/**
 * One mail in the shop's look, as HTML (inline styles: mail clients ignore style sheets) and as plain
 * text. Every value is escaped: names, addresses and part names are written by people.
 */
export function renderMail({ subject, paragraphs, table, link, unsubscribe }: MailBody): MailContent {
  const cell = 'padding:6px 8px;border-bottom:1px solid #e5e7eb;text-align:left';
  const htmlTable = table
    ? `<table role="presentation" style="border-collapse:collapse;width:100%;margin:16px 0">
<tr>${table.head.map((head) => `<th style="${cell}">${escapeHtml(head)}</th>`).join('')}</tr>
${table.rows.map((row) => `<tr>${row.map((value) => `<td style="${cell}">${escapeHtml(value)}</td>`).join('')}</tr>`).join('\n')}
<tr><td style="${cell};font-weight:bold" colspan="2">${escapeHtml(table.total[0])}</td><td style="${cell};font-weight:bold">${escapeHtml(table.total[1])}</td></tr>
</table>`
    : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#1f2937">
<div style="max-width:600px;margin:0 auto;background:#ffffff">
<div style="background:#1e3a8a;color:#ffffff;padding:16px 24px"><strong style="font-size:20px">${SHOP_NAME}</strong></div>
<div style="padding:24px">
${paragraphs.map((paragraph) => `<p style="margin:0 0 12px;white-space:pre-line">${escapeHtml(paragraph)}</p>`).join('\n')}
${htmlTable}
${link ? `<p><a href="${escapeHtml(link.url)}" style="color:#1e3a8a">${escapeHtml(link.label)}</a></p>` : ''}
</div>
<div style="padding:16px 24px;font-size:12px;color:#6b7280;border-top:1px solid #e5e7eb">${SHOP_NAME} — ${TAGLINE}${unsubscribe ? `<br><a href="${escapeHtml(unsubscribe.url)}" style="color:#6b7280">${escapeHtml(unsubscribe.label)}</a>` : ''}</div>
</div></body></html>`;
  const textTable = table
    ? [
        table.head.join(' | '),
        ...table.rows.map((row) => row.join(' | ')),
        `${table.total[0]}: ${table.total[1]}`,
      ].join('\n')
    : '';
  const text = [
    ...paragraphs,
    textTable,
    link ? `${link.label}: ${link.url}` : '',
    `-- \n${SHOP_NAME} — ${TAGLINE}${unsubscribe ? `\n${unsubscribe.label}: ${unsubscribe.url}` : ''}`,
  ]
    .filter(Boolean)
    .join('\n\n');
  return {
    subject,
    text: `${text}\n`,
    html,
    ...(unsubscribe && {
      headers: {
        'List-Unsubscribe': `<${unsubscribe.oneClickUrl}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    }),
  };
}
