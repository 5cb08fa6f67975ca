import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pageAt } from '#shared/pages.ts';

interface ManifestChunk {
  file: string;
  imports?: string[];
}

const LOGIN_PAGE_MODULE = pageAt('/login')?.modules[0] ?? '';

/** The home page's largest picture, fetched with the HTML rather than after the JavaScript drew it. */
const HOME_BANNER = '<link rel="preload" as="image" href="/images/banner.webp" fetchpriority="high">';

/**
 * `<link rel="modulepreload">` tags for a page's route code, so the browser fetches it together with the
 * app's entry instead of one chunk after another (and the banner for the home page).
 */
export function createRoutePreloads(webRoot: string): (pathname: string, signedIn: boolean) => string {
  const manifestFile = join(webRoot, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return () => '';
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const entryFiles = new Set<string>();
  const collect = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) collect(imported, into);
  };
  collect('index.html', entryFiles);

  const tagsFor = new Map<string, string>();
  const tags = (modules: string[]) => {
    const key = modules.join(',');
    if (!tagsFor.has(key)) {
      const files = new Set<string>();
      for (const module of modules) collect(module, files);
      const needed = [...files].filter((file) => !entryFiles.has(file));
      tagsFor.set(
        key,
        needed
          .map((file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${file}">`)
          .join(''),
      );
    }
    return tagsFor.get(key)!;
  };

  return (pathname, signedIn) => {
    if (pathname === '/') return HOME_BANNER;
    const page = pageAt(pathname);
    const modules = page?.modules ?? [];
    // The router loads the page's code before its guard sends a signed-out visitor to the login page.
    const guarded = page !== undefined && page.access !== 'everyone' && page.access !== 'buyers';
    return tags(guarded && !signedIn ? [...modules, LOGIN_PAGE_MODULE] : modules);
  };
}
