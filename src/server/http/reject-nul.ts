import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

/** The path of the first string holding a NUL character, which PostgreSQL text cannot store. */
function findNul(value: unknown, path: string): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    const found = findNul(inner, path ? `${path}.${key}` : key);
    if (found) return found;
  }
  return null;
}

/** Refuses NUL characters in any body, query or path field with a 400 naming it, before validation. */
export function rejectNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const field = findNul(request.body, '') ?? findNul(request.query, '') ?? findNul(request.params, '');
    if (field !== null) {
      const name = field || 'body';
      throw badRequest('Text must not contain NUL characters.', {
        [name]: 'Text must not contain NUL characters',
      });
    }
  });
}
