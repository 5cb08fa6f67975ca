import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Rollup } from 'vite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compileHints } from '../../scripts/vite/compile-hints';

const HINT = '//# allFunctionsCalledOnLoad\n';

const chunk = (fileName: string, links: Partial<Rollup.OutputChunk> = {}) =>
  ({
    type: 'chunk',
    fileName,
    code: `export const name = ${JSON.stringify(fileName)};\n`,
    isEntry: false,
    imports: [],
    dynamicImports: [],
    ...links,
  }) as unknown as Rollup.OutputChunk;

describe('compile hints', () => {
  let dir = '';
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'compile-hints-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('mark the entry, what it imports and the pages it loads, not what those load later', async () => {
    const chunks = [
      chunk('index.js', {
        isEntry: true,
        imports: ['preact.js'],
        dynamicImports: ['login.js', 'overview.js'],
      }),
      chunk('preact.js'),
      chunk('login.js', { imports: ['form.js'] }),
      chunk('form.js'),
      chunk('overview.js', { dynamicImports: ['chart.js'] }),
      chunk('chart.js'),
    ];
    for (const { fileName, code } of chunks) await writeFile(join(dir, fileName), code);
    const plugin = compileHints();
    const writeBundle = plugin.writeBundle as (
      options: { dir: string },
      bundle: Record<string, Rollup.OutputChunk>,
    ) => Promise<void>;
    await writeBundle({ dir }, Object.fromEntries(chunks.map((each) => [each.fileName, each])));

    const marked: string[] = [];
    for (const { fileName, code } of chunks) {
      const written = await readFile(join(dir, fileName), 'utf8');
      if (written.startsWith(HINT)) {
        marked.push(fileName);
        expect(written).toBe(HINT + code);
      } else expect(written).toBe(code);
    }
    expect(marked).toEqual(['index.js', 'preact.js', 'login.js', 'form.js', 'overview.js']);
  });
});
