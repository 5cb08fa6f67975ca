// End-to-end tests drive Debian's Chromium; say how to get it instead of failing obscurely.
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!existsSync(path)) {
  console.error(`Chromium not found at ${path}: run \`sudo apt-get install chromium\` or set CHROMIUM_PATH.`);
  process.exit(1);
}
