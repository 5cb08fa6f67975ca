import type { FastifyInstance } from 'fastify';
import { invalid } from '#server/lib/domain-errors.ts';

/** The path of a string holding a NUL character (which PostgreSQL text cannot store), found without recursion. */
function findNul(root: unknown): string | null {
  const pending: [value: unknown, path: string][] = [[root, '']];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, path] = next;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return path;
    } else if (value !== null && typeof value === 'object' && !ArrayBuffer.isView(value)) {
      // Binary bodies (an uploaded picture) are bytes, not text: walking them would visit every byte.
      for (const [key, inner] of Object.entries(value)) pending.push([inner, path ? `${path}.${key}` : key]);
    }
  }
  return null;
}

/** Refuses NUL characters in any body, query or path field with a 400 naming it, before validation. */
export function rejectNulCharacters(app: FastifyInstance): void {
  // Callback style (no promise per request): this runs before every request.
  app.addHook('preValidation', (request, _reply, done) => {
    // Query and path fields come from the URL, where a NUL can only be written as %00.
    const fromUrl = request.url.includes('%00') ? (findNul(request.query) ?? findNul(request.params)) : null;
    const field = findNul(request.body) ?? fromUrl;
    if (field === null) return done();
    const name = field || 'body';
    done(
      invalid('Text must not contain NUL characters.', { [name]: 'Text must not contain NUL characters' }),
    );
  });
}
