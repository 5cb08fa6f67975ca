// `npm run demo-pictures`: draws the shop's own pictures (public/images/**/*.svg, the demo catalogue,
// the banner, the logo) as WebP files beside them, which the pages show. An SVG shown in an <img> is a
// document of its own that the browser parses, lays out and paints on the page's main thread; a WebP is
// decoded off it (docs/decisions/022-raster-demo-pictures.md). The SVGs stay the sources: edit one, run
// this again and commit both. The WebP files are 1.5× the SVG's size for sharp screens, 128 to 1,200
// pixels wide.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';

const IMAGES = 'public/images';
const SCALE = 1.5;
const MIN_WIDTH = 128;
const MAX_WIDTH = 1200;
/** The density at which sharp reads an SVG's own size (CSS pixels). */
const CSS_DPI = 72;

const sources = (await readdir(IMAGES, { recursive: true })).filter((file) => file.endsWith('.svg'));
for (const file of sources.sort()) {
  const svg = await readFile(join(IMAGES, file));
  const { width = 0 } = await sharp(svg).metadata();
  const target = Math.round(Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, width * SCALE)));
  const webp = await sharp(svg, { density: (CSS_DPI * target) / width })
    .webp({ quality: 75 })
    .toBuffer({ resolveWithObject: true });
  const out = join(IMAGES, file.replace(/\.svg$/, '.webp'));
  await writeFile(out, webp.data);
  console.log(`${out}  ${webp.info.width}×${webp.info.height}  ${(webp.data.length / 1000).toFixed(1)} KB`);
}
