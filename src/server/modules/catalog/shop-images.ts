import { existsSync } from 'node:fs';
import { join, normalize } from 'node:path';
import { projectRoot } from '#server/paths.ts';

const publicDir = join(projectRoot, 'public');

/** Whether a /images/… path names an image the shop actually serves (shipped in public/). */
export function isShopImage(path: string): boolean {
  const file = normalize(join(publicDir, path));
  return file.startsWith(join(publicDir, 'images')) && existsSync(file);
}
