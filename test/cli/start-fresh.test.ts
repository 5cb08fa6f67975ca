import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

// `npm run start:fresh` deletes every account and order: it asks first, and without a terminal to ask
// at it needs --yes. These runs stop before starting a shop (they answer no or have nothing to ask).
describe('start:fresh', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const dataDirWithSomething = () => {
    const dir = mkdtempSync(join(tmpdir(), 'fresh-'));
    dirs.push(dir);
    const data = join(dir, 'data');
    mkdirSync(data);
    writeFileSync(join(data, 'PG_VERSION'), '17');
    return data;
  };
  const run = (dataDir: string, args: string[], input?: string) =>
    spawnSync(process.execPath, ['scripts/start-fresh.mjs', ...args], {
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir },
      input,
      encoding: 'utf8',
    });

  it('deletes nothing without a terminal to ask at and without --yes', () => {
    const data = dataDirWithSomething();
    const result = run(data, []);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('npm run start:fresh -- --yes');
    expect(result.stdout).toContain('Nothing was deleted.');
    expect(existsSync(join(data, 'PG_VERSION'))).toBe(true);
  });

  it('refuses a DATABASE_URL, which it cannot reset', () => {
    const result = spawnSync(process.execPath, ['scripts/start-fresh.mjs', '--yes'], {
      env: { PATH: process.env.PATH ?? '', DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' },
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('start:fresh only resets the embedded database');
  });
});
