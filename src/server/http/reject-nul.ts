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
  // Callback style (no promise per request): this runs before every request.
  app.addHook('preValidation', (request, _reply, done) => {
    const field = findNul(request.body, '') ?? findNul(request.query, '') ?? findNul(request.params, '');
    if (field === null) return done();
    const name = field || 'body';
    done(
      badRequest('Text must not contain NUL characters.', { [name]: 'Text must not contain NUL characters' }),
    );
  });
}
