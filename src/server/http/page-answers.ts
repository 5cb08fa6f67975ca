import type { FastifyInstance } from 'fastify';
import { PAGE_ANSWER_HEADERS, PAGE_ANSWERS_ELEMENT } from '#shared/page-answers.ts';
import { firstReadsAt } from '#shared/pages.ts';

/**
 * The longest a page waits for its answers. A hot answer takes a millisecond; a cold one a database
 * query, queued behind others when the database is busy. Past this the page goes without, and the app
 * asks: the read goes on meanwhile and fills the catalogue cache, where the app's request finds it.
 */
const ANSWER_WAIT_MS = 300;

/** What a page is sent with of the answers to its first reads. */
export interface PageAnswers {
  /** The script element for the page's head; empty without answers. */
  element: string;
  /** The answers, by API address, as the element holds them (JSON); empty without answers. */
  json: string;
  /** Whether every read answered in time: then the page can be drawn from them (server http/web.ts). */
  complete: boolean;
}

/**
 * The answers to what a page's first screen reads (`reads` in src/shared/pages.ts), as a JSON script
 * element for the page's head: the web app takes them instead of asking, so the page draws without a
 * round trip for its data. Each one is asked of the API itself, without the visitor's cookies, so it
 * is exactly the public answer the app would get (from the catalogue cache when hot), with the headers
 * the app reads (PAGE_ANSWER_HEADERS); a read that does
 * not answer 200 in time is left out, and the app asks for it as usual. Each one comes from the
 * visitor's address (`clientAddress`), so that what it costs counts against the visitor's rate limits
 * (a search the database reads), not against one address shared by every page the shop sends.
 */
export async function pageAnswers(
  app: FastifyInstance,
  pathname: string,
  search: string,
  clientAddress: string,
): Promise<PageAnswers> {
  const reads = firstReadsAt(pathname, new URLSearchParams(search));
  if (reads.length === 0) return { element: '', json: '', complete: false };
  const ask = async (path: string) => {
    const response = await app.inject({ method: 'GET', url: path, remoteAddress: clientAddress });
    if (response.statusCode !== 200) return null;
    const total = Number(response.headers['x-total-count']);
    const kept = PAGE_ANSWER_HEADERS.flatMap((name) => {
      const value = response.headers[name];
      return typeof value === 'string' ? [[name, value]] : [];
    });
    const headers = kept.length > 0 ? `"headers":${JSON.stringify(Object.fromEntries(kept))},` : '';
    // The body is our own JSON, written into the entry as it is rather than parsed and written again.
    return `${JSON.stringify(path)}:{"total":${Number.isFinite(total) ? total : 'null'},${headers}"body":${response.body}}`;
  };
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ANSWER_WAIT_MS);
  });
  const answers = await Promise.all(reads.map((path) => Promise.race([ask(path).catch(() => null), late])));
  clearTimeout(timer);
  const entries = answers.filter((entry) => entry !== null);
  if (entries.length === 0) return { element: '', json: '', complete: false };
  // Nothing in it may end the element: every < becomes \u003c (in JSON, < only occurs inside strings).
  const json = `{${entries.join(',')}}`.replace(/</g, '\\u003c');
  return {
    element: `<script type="application/json" id="${PAGE_ANSWERS_ELEMENT}">${json}</script>`,
    json,
    complete: entries.length === reads.length,
  };
}
