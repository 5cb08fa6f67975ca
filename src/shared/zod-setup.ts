import { z } from 'zod';

/**
 * Missing fields say "… is required" in forms and API errors alike, instead of zod's type jargon.
 * jitless: zod would otherwise probe `new Function`, which our Content-Security-Policy forbids.
 */
z.config({
  jitless: true,
  customError: (issue) => {
    if (issue.code === 'invalid_type' && issue.input === undefined) {
      const field = issue.path?.at(-1);
      return typeof field === 'string' ? `${capitalize(field)} is required` : 'This field is required';
    }
    return undefined;
  },
});

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
