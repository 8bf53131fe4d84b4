import { readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The client entry's URL on a built page: the base URL, then the asset folder (ASSET_DIR of
 * src/bundle/bundleSite.ts) and the entry's hashed name, in the script loader's `data-entry`.
 */
const ENTRY_URL = /\sdata-entry="(\/(?:[^"]*\/)?)_sipa\/entry-[A-Z0-9]+\.js"/;

/**
 * The base URL a site in `dir` was built for ("/" or "/sub/"), read from its home page (or its
 * 404 page), whose scripts are named under it. "/" when the folder holds no page sipadocs built.
 */
export async function readBuiltBaseUrl(dir: string): Promise<string> {
  for (const file of ['index.html', '404.html']) {
    const html = await readFile(path.join(dir, file), 'utf8').catch(() => '');
    const match = ENTRY_URL.exec(html);
    if (match) return match[1]!;
  }
  return '/';
}

/** A base URL as given on the command line ("sub", "/sub", "/sub/") in its canonical form "/sub/". */
export function normalizeBaseUrl(value: string): string {
  const trimmed = value.replace(/^\/+|\/+$/g, '');
  return trimmed ? `/${trimmed}/` : '/';
}
