import { PAGE_ANSWERS_ELEMENT } from '#shared/page-answers.ts';

/**
 * An answer the server sent with the page (server http/page-answers.ts): a JSON body, a list's total and
 * the headers the app reads (shared/page-answers.ts PAGE_ANSWER_HEADERS), when it had them.
 */
export interface PageAnswer {
  body: unknown;
  total: number | null;
  headers?: Record<string, string>;
}

/**
 * How long after the page opened its answers are still taken. The app asks for them as it starts; an
 * answer nobody asked for by then is as old as the page, and the server is asked instead.
 */
const FRESH_MS = 30_000;

let answers: Map<string, PageAnswer> | undefined;
/** Set while the server draws a page with the answers it sends with it (drawWithPageAnswers). */
let drawingOnServer = false;

function readAnswers(): Map<string, PageAnswer> {
  const text = document.getElementById(PAGE_ANSWERS_ELEMENT)?.textContent;
  if (!text) return new Map();
  try {
    return new Map(Object.entries(JSON.parse(text) as Record<string, PageAnswer>));
  } catch {
    return new Map();
  }
}

/**
 * The answer the server sent with this page for a GET of `path`, taken once: a later call for the same
 * address (a refetch, a return to the page) goes to the server.
 */
export function takePageAnswer(path: string): PageAnswer | undefined {
  if (!drawingOnServer && performance.now() > FRESH_MS) return undefined;
  answers ??= readAnswers();
  const answer = answers.get(path);
  answers.delete(path);
  return answer;
}

/**
 * Draws a page on the server (web prerender.tsx) with the answers it is sent with, so that the drawing
 * reads them as the app's first draw in the browser will: the same data, the same markup. The drawing
 * is synchronous, so no other page's drawing can see them.
 */
export function drawWithPageAnswers<T>(given: Record<string, PageAnswer>, draw: () => T): T {
  answers = new Map(Object.entries(given));
  drawingOnServer = true;
  try {
    return draw();
  } finally {
    answers = undefined;
    drawingOnServer = false;
  }
}
