// `npm run start:fresh`: starts the shop again from nothing — the embedded database folder (DATA_DIR,
// default ./data) is deleted first, so the start migrates a new one and seeds the demo catalogue.
// Everything in it is lost: accounts, orders, uploaded pictures.
import { existsSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';

if (process.env.DATABASE_URL) {
  console.error(
    'start:fresh only resets the embedded database. With DATABASE_URL, drop and create that database yourself, then run npm start.',
  );
  process.exit(1);
}
const dataDir = process.env.DATA_DIR || './data';
if (!dataDir.startsWith('memory://') && existsSync(dataDir)) {
  rmSync(dataDir, { recursive: true, force: true });
  console.log(`Deleted ${resolve(dataDir)}: starting with fresh demo data.`);
}
await import('./start.mjs');
