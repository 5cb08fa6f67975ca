import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAdmin } from '../support/auth';
import { freePort } from '../support/shop-process';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * The README's nginx block in front of the shop, as it is written there: a repeat of a visitor's
 * catalogue read is nginx's, a signed-in read goes by the cache, and an admin's change shows through
 * nginx within the shop's SHARED_CACHE_SECONDS. Runs Debian's nginx as a process of its own, not root,
 * with its own prefix, on a free port. Skipped only where nginx is not installed (`apt-get install
 * nginx`); .ci/run installs it, and under CI a missing nginx fails.
 */

const NGINX = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'].find((path) => existsSync(path));
const SHARED_CACHE_SECONDS = 2;
const ADMIN = 'proxy-admin@example.com';

if (!NGINX && process.env.CI)
  throw new Error('nginx is not installed (.ci/run installs it: apt-get install nginx)');
if (!NGINX)
  console.warn('test/proxy/nginx-cache.test.ts skipped: nginx is not installed (apt-get install nginx)');

/** The README's block, marked by its first line. */
function readmeBlock(): string {
  const readme = readFileSync(join(import.meta.dirname, '../../README.md'), 'utf8');
  const block = /```nginx\n(# The shop behind nginx's cache[\s\S]*?)```/.exec(readme)?.[1];
  if (!block) throw new Error('README.md has no nginx block starting "# The shop behind nginx\'s cache"');
  return block;
}

/** Replaces one thing the README says for a server (its paths and ports) by the test's own. */
function replaceOnce(text: string, from: string, to: string): string {
  if (!text.includes(from)) throw new Error(`the README's nginx block no longer says "${from}"`);
  return text.replace(from, to);
}

/** `nobody`'s ids, to run nginx as when the test runs as root. */
function nobody(): { uid: number; gid: number } {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('nobody:'));
  const [, , uid, gid] = line?.split(':') ?? [];
  return { uid: Number(uid ?? 65534), gid: Number(gid ?? 65534) };
}

describe.skipIf(!NGINX)('nginx in front of the shop (the README block)', () => {
  let t: TestApp;
  let nginx: ChildProcess | undefined;
  let prefix: string;
  let base: string;
  let nginxOutput = '';
  let admin: { cookie: string };

  beforeAll(async () => {
    t = await createTestApp({
      env: { ADMIN_EMAILS: ADMIN, SHARED_CACHE_SECONDS: String(SHARED_CACHE_SECONDS) },
    });
    admin = await signUpAdmin(t, { email: ADMIN });
    const appPort = await freePort();
    await t.app.listen({ port: appPort, host: '127.0.0.1' });
    const nginxPort = await freePort();
    prefix = mkdtempSync(join(tmpdir(), 'shop-nginx-'));
    let block = readmeBlock();
    block = replaceOnce(block, 'proxy_cache_path /var/cache/nginx/shop', `proxy_cache_path ${prefix}/cache`);
    block = replaceOnce(block, 'server 127.0.0.1:3000;', `server 127.0.0.1:${appPort};`);
    block = replaceOnce(block, 'listen 80;', `listen 127.0.0.1:${nginxPort};`);
    writeFileSync(
      join(prefix, 'nginx.conf'),
      [
        `pid ${prefix}/nginx.pid;`,
        `error_log ${prefix}/error.log warn;`,
        'worker_processes 1;',
        'events { worker_connections 64; }',
        'http {',
        '  access_log off;',
        ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
          (kind) => `  ${kind}_temp_path ${prefix}/${kind}_temp;`,
        ),
        block,
        '}',
        '',
      ].join('\n'),
    );
    // Never as root: as root (a container, CI) the prefix becomes nobody's and nginx runs as nobody.
    const user = process.getuid?.() === 0 ? nobody() : undefined;
    if (user) spawnSync('chown', ['-R', `${user.uid}:${user.gid}`, prefix]);
    const args = ['-p', prefix, '-c', join(prefix, 'nginx.conf'), '-e', 'stderr', '-g', 'daemon off;'];
    const test = spawnSync(NGINX!, ['-t', ...args], { encoding: 'utf8', ...user });
    if (test.status !== 0) throw new Error(`nginx refuses the README's block:\n${test.stderr}`);
    nginx = spawn(NGINX!, args, { stdio: ['ignore', 'pipe', 'pipe'], ...user });
    nginx.stderr!.on('data', (chunk) => {
      nginxOutput += chunk;
    });
    base = `http://127.0.0.1:${nginxPort}`;
    for (let i = 0; ; i++) {
      const up = await fetch(`${base}/healthz`).then(
        (response) => response.ok,
        () => false,
      );
      if (up) break;
      if (i > 100 || nginx.exitCode !== null) throw new Error(`nginx did not start:\n${nginxOutput}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });

  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((resolve) => nginx!.once('exit', resolve));
      nginx.kill('SIGQUIT');
      await exited;
    }
    await t?.close();
    if (prefix) rmSync(prefix, { recursive: true, force: true });
  });

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${base}${path}`, { headers });
    return {
      status: response.status,
      cache: response.headers.get('x-cache-status'),
      cacheControl: response.headers.get('cache-control'),
      json: await response.json(),
    };
  };

  it('answers a repeat of a visitor’s catalogue read from its cache', async () => {
    for (const path of [
      '/api/part?category=cooling',
      '/api/categories',
      '/api/part/facets?category=storage-memory',
    ]) {
      const first = await get(path);
      expect(first.status, path).toBe(200);
      expect(first.cacheControl, path).toMatch(/^public, /);
      expect(first.cache, path).toBe('MISS');
      const again = await get(path);
      expect(again.cache, path).toBe('HIT');
      expect(again.json, path).toEqual(first.json);
    }
  });

  it('passes signed-in requests by the cache, and keeps none of their answers', async () => {
    const path = '/api/part?category=screens';
    for (let i = 0; i < 2; i++) {
      const signedIn = await get(path, { cookie: admin.cookie });
      expect(signedIn.cache).toBe('BYPASS');
      expect(signedIn.cacheControl).toBe('private, no-cache');
    }
    expect((await get(path)).cache).toBe('MISS');
  });

  it('shows an admin’s change within SHARED_CACHE_SECONDS', async () => {
    const [part] = (await get('/api/part?category=cooling')).json as { _id: string; price: number }[];
    const path = `/api/part/${part!._id}`;
    const before = await get(path);
    expect(['MISS', 'HIT', 'EXPIRED', 'STALE', 'UPDATING', 'REVALIDATED']).toContain(before.cache);
    const newPrice = before.json.price + 1;
    const changed = await t.app.inject({
      method: 'PATCH',
      url: path,
      headers: { cookie: admin.cookie },
      payload: { price: newPrice },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const changedAt = performance.now();
    // The shop has it at once; nginx answers what it keeps until it is SHARED_CACHE_SECONDS old.
    expect((await t.app.inject({ method: 'GET', url: path })).json().price).toBe(newPrice);
    const right = await get(path);
    expect(right.cache).toBe('HIT');
    expect(right.json.price).toBe(before.json.price);
    let seen = right;
    while (seen.json.price !== newPrice) {
      expect(performance.now() - changedAt, 'the change did not show through nginx in time').toBeLessThan(
        SHARED_CACHE_SECONDS * 1000 + 1500,
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
      seen = await get(path);
    }
    expect((await get(path)).cache).toBe('HIT');
  });
});
