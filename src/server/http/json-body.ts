import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

/** Far deeper than any body the shop takes; deep enough nesting is only ever an attack on parsers. */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether JSON text nests arrays and objects deeper than `max`, counted in one pass over the text
 * (no recursion, no parsing); brackets inside strings do not count.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      // A backslash escapes the next character.
      if (char === 0x5c) i++;
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x5b || char === 0x7b) {
      if (++depth > max) return true;
    } else if (char === 0x5d || char === 0x7d) depth--;
  }
  return false;
}

/**
 * JSON bodies: Fastify's own parser (which refuses `__proto__` and `constructor.prototype` keys), behind
 * a nesting bound. Plugins that need the raw bytes (the Stripe webhook) replace it in their own scope.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (nestsDeeperThan(body as string, MAX_JSON_DEPTH)) {
      done(
        new AppError(400, 'invalid_json', `The request body nests deeper than ${MAX_JSON_DEPTH} levels.`),
        undefined,
      );
      return;
    }
    parse(request, body as string, done);
  });
}
