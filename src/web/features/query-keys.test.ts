import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * TanStack Query keys come from one place: each feature declares the keys it caches under (its
 * `…QueryKey` and queryOptions in its api/ files), those several features read or refresh are declared
 * in web/lib (query-keys.ts, queries/), and other code imports those. A key written as a
 * string literal is its feature's own declaration; the same first word written in two features (or a
 * literal handed to invalidateQueries/setQueryData) is a copy that would drift.
 */
const WEB = join(process.cwd(), 'src', 'web');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The feature (or other part of src/web) a file belongs to. */
const ownerOf = (file: string) => {
  const parts = relative(WEB, file).split(sep);
  return parts[0] === 'features' ? `features/${parts[1]}` : relative(WEB, file);
};

const files = sources(WEB).map((file) => ({ file, owner: ownerOf(file), text: readFileSync(file, 'utf8') }));

describe('query keys', () => {
  it('each first word of a key is written in one feature only', () => {
    const owners = new Map<string, Set<string>>();
    for (const { owner, text } of files)
      for (const [, root] of text.matchAll(
        /(?:queryKey:\s*|QueryKey\s*=\s*|Key\s*=\s*(?:\([^)]*\)\s*=>\s*)?)\[\s*'([^']+)'/g,
      ))
        owners.set(root!, (owners.get(root!) ?? new Set()).add(owner));
    const shared = [...owners]
      .filter(([, by]) => by.size > 1)
      .map(([root, by]) => `${root}: ${[...by].join(', ')}`);
    expect(owners.size).toBeGreaterThan(10);
    expect(shared).toEqual([]);
  });

  it('invalidates and writes the cache only through declared keys, never literals', () => {
    const literal =
      /(?:invalidateQueries|setQueryData|removeQueries|cancelQueries|refetchQueries)\(\s*(?:\{\s*queryKey:\s*)?\[\s*'/;
    expect(files.filter(({ text }) => literal.test(text)).map(({ file }) => relative(WEB, file))).toEqual([]);
  });
});
