// Writes .br and .gz next to every text asset of the web build; the server sends them pre-compressed.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const root = 'dist/web';
const compressible = /\.(js|css|html|svg|json|txt|xml|webmanifest)$/;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

const files = (await readdir(root, { recursive: true })).filter((file) => compressible.test(file));
await Promise.all(
  files.map(async (file) => {
    const path = join(root, file);
    const content = await readFile(path);
    if (content.length < 1024) return;
    await writeFile(
      `${path}.br`,
      await brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
    await writeFile(`${path}.gz`, await gz(content, { level: 9 }));
  }),
);
