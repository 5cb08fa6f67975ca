import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The boundaries of decision 039 are kept by Biome's noRestrictedImports (biome.json, overrides): each case
// puts a file that crosses one into the code, lints it, and removes it again.
const root = join(import.meta.dirname, '..', '..');
const biome = join(root, 'node_modules', '.bin', 'biome');

function lint(file: string, source: string) {
  const path = join(root, file);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, source);
  try {
    const run = spawnSync(biome, ['lint', '--max-diagnostics=50', file], { cwd: root, encoding: 'utf8' });
    return { failed: run.status !== 0, output: `${run.stdout}${run.stderr}` };
  } finally {
    rmSync(path, { force: true });
  }
}

const probe = `boundary-probe-${process.pid}`;
const crossings: [string, string, string][] = [
  [
    'web imports server by its alias',
    `src/web/lib/${probe}.ts`,
    "import { buildApp } from '#server/app.ts';",
  ],
  [
    'web imports server relatively',
    `src/web/lib/${probe}.ts`,
    "import { buildApp } from '../../server/app';",
  ],
  [
    'web lazily imports server',
    `src/web/app/${probe}.ts`,
    "export const app = () => import('#server/app.ts');",
  ],
  ['shared imports web', `src/shared/${probe}.ts`, "import { apiFetch } from '#web/lib/api-client.ts';"],
  [
    'shared imports server relatively',
    `src/shared/contracts/${probe}.ts`,
    "import { users } from '../../server/db/schema';",
  ],
  [
    "a feature imports another feature's internals by alias",
    `src/web/features/cart/components/${probe}.tsx`,
    "import { useParts } from '#web/features/catalog/api/get-parts.ts';",
  ],
  [
    "a feature imports another feature's internals relatively",
    `src/web/features/cart/api/${probe}.ts`,
    "export type { Part } from '../../catalog/api/get-parts';",
  ],
  [
    'a top-level file of a feature imports another feature',
    `src/web/features/cart/${probe}.ts`,
    "import { useParts } from '../catalog/api/get-parts';",
  ],
  [
    "http/ imports a module's service",
    `src/server/http/${probe}.ts`,
    "import { getPart } from '#server/modules/catalog/service.ts';",
  ],
  [
    "auth/ imports a module's routes relatively",
    `src/server/auth/${probe}.ts`,
    "import { userRoutes } from '../modules/users/routes';",
  ],
  [
    "mail/ imports a module's service",
    `src/server/mail/${probe}.ts`,
    "import { loadOrder } from '#server/modules/orders/service.ts';",
  ],
];

describe('import boundaries (decision 039)', () => {
  it.each(crossings)('fail the lint when %s', (_name, file, source) => {
    const { failed, output } = lint(file, `${source}\n`);
    expect(output).toContain('lint/style/noRestrictedImports');
    expect(failed).toBe(true);
  });

  it('let a feature use its own files, the shared code, the web lib and the test support', () => {
    const { failed, output } = lint(
      `src/web/features/cart/components/${probe}.tsx`,
      [
        "import { formatDollars } from '#shared/money.ts';",
        "import { apiFetch } from '#web/lib/api-client.ts';",
        "import { Stars } from '#web/components/ui/stars.tsx';",
        "import { FakeXhr } from '../../../../../test/support/fake-xhr';",
        "import { useCart } from '../api/get-cart';",
        "import { own } from './own';",
        'export const all = [formatDollars, apiFetch, Stars, FakeXhr, useCart, own];',
        '',
      ].join('\n'),
    );
    expect(output).not.toContain('noRestrictedImports');
    expect(failed).toBe(false);
  });

  it('let server infrastructure use the database and the shared code', () => {
    const { output } = lint(
      `src/server/http/${probe}.ts`,
      "import { users } from '#server/db/schema.ts';\nimport { SHOP_NAME } from '#shared/shop.ts';\nexport const all = [users, SHOP_NAME];\n",
    );
    expect(output).not.toContain('noRestrictedImports');
  });

  it('find every import already written with the aliases (re-run: npm run codemod:aliases)', () => {
    const run = spawnSync(process.execPath, ['scripts/codemods/path-aliases.mjs', '--check'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(run.stdout + run.stderr).toContain('Every import already uses the aliases.');
    expect(run.status).toBe(0);
  });
});
