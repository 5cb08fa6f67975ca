// `npm run start:fresh`: starts the shop again from nothing — the embedded database folder (DATA_DIR,
// default ./data) is deleted first, so the start migrates a new one and seeds the demo catalogue.
// Everything in it is lost: accounts, orders, uploaded pictures. It asks first (`-- --yes` answers for a
// script); without a terminal to ask at and without --yes, it deletes nothing.
import { existsSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline/promises';

if (process.env.DATABASE_URL) {
  console.error(
    'start:fresh only resets the embedded database. With DATABASE_URL, drop and create that database yourself, then run npm start.',
  );
  process.exit(1);
}

/** Whether the person at the terminal (or --yes) agrees to delete the folder. */
async function agreed(folder) {
  if (process.argv.includes('--yes') || process.argv.includes('-y')) return true;
  if (!process.stdin.isTTY) {
    console.error(
      `start:fresh would delete ${folder}. Run it at a terminal to be asked, or add --yes: npm run start:fresh -- --yes`,
    );
    return false;
  }
  const prompt = createInterface({ input: process.stdin, output: process.stdout });
  const answer = await prompt.question(
    `This deletes ${folder}: every account, order, review and uploaded picture in it. Type yes to start fresh: `,
  );
  prompt.close();
  return answer.trim().toLowerCase() === 'yes';
}

const dataDir = process.env.DATA_DIR || './data';
if (!dataDir.startsWith('memory://') && existsSync(dataDir)) {
  const folder = resolve(dataDir);
  if (!(await agreed(folder))) {
    console.log('Nothing was deleted.');
    process.exit(1);
  }
  rmSync(dataDir, { recursive: true, force: true });
  console.log(`Deleted ${folder}: starting with fresh demo data.`);
}
await import('./start.mjs');
