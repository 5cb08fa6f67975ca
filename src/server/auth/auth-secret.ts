import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '#server/config.ts';

/**
 * AUTH_SECRET when set (required in production); in development a random secret generated once and
 * kept in DATA_DIR, so sessions survive restarts without any setup.
 */
export async function resolveAuthSecret(config: Pick<Config, 'AUTH_SECRET' | 'DATA_DIR'>): Promise<string> {
  if (config.AUTH_SECRET) return config.AUTH_SECRET;
  if (config.DATA_DIR.startsWith('memory://')) return randomBytes(32).toString('base64url');
  const file = join(config.DATA_DIR, '.auth-secret');
  const existing = await readFile(file, 'utf8').catch(() => '');
  if (existing.trim().length >= 32) return existing.trim();
  const secret = randomBytes(32).toString('base64url');
  await mkdir(config.DATA_DIR, { recursive: true });
  await writeFile(file, secret, { mode: 0o600 });
  return secret;
}
