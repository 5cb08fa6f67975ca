import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Plugin, Rollup } from 'vite';

/** V8's explicit compile hint: the whole file is compiled as it loads, not function by function. */
const COMPILE_ALL = '//# allFunctionsCalledOnLoad\n';

/**
 * Marks the code that runs as a page opens for compilation ahead of time. V8 otherwise compiles each
 * function on the main thread the first time it is called, in the middle of starting the router and
 * drawing the page; with the hint it compiles the whole file on a background thread while it downloads
 * (Chrome 136 and later; other engines ignore the comment). Marked: the entry, the pages and sections it
 * loads on demand, and what these import. A library that one of those loads later for a single screen
 * (the overview's charts) keeps lazy compilation. The comment must open the file, so it is written last,
 * after Vite has added its own preamble to the entry.
 */
export function compileHints(): Plugin {
  return {
    name: 'shop:compile-hints',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    async writeBundle(options, bundle) {
      const chunks = new Map(
        Object.values(bundle)
          .filter((file): file is Rollup.OutputChunk => file.type === 'chunk')
          .map((chunk) => [chunk.fileName, chunk]),
      );
      const marked = new Set<Rollup.OutputChunk>();
      const mark = (chunk: Rollup.OutputChunk | undefined) => {
        if (!chunk || marked.has(chunk)) return;
        marked.add(chunk);
        for (const imported of chunk.imports) mark(chunks.get(imported));
      };
      for (const entry of [...chunks.values()].filter((chunk) => chunk.isEntry)) {
        mark(entry);
        for (const loaded of entry.dynamicImports) mark(chunks.get(loaded));
      }
      await Promise.all(
        [...marked].map((chunk) =>
          writeFile(join(options.dir ?? '', chunk.fileName), COMPILE_ALL + chunk.code),
        ),
      );
    },
  };
}
