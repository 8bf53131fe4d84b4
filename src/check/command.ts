import { stat } from 'node:fs/promises';
import path from 'node:path';
import { formatLocation, formatSiteError, SiteError } from '../errors.js';
import { normalizeBaseUrl, readBuiltBaseUrl } from '../server/builtBaseUrl.js';
import { checkBuiltSite } from './checkBuiltSite.js';
import { brokenLinkSources } from './linkSources.js';

/** `sipadocs check-links [dir]`: 0 when every link of the built site resolves, 1 otherwise. */
export async function checkLinksCommand(dir: string, options: { baseUrl?: string } = {}): Promise<number> {
  const absolute = path.resolve(dir);
  const exists = await stat(absolute).then((s) => s.isDirectory(), () => false);
  if (!exists) {
    const error = new SiteError({
      code: 'OUTPUT_NOT_FOUND',
      message: `there is no built site in ${dir}`,
      hint: 'Run "sipadocs build" first, or pass the output directory: sipadocs check-links <dir>.',
    });
    process.stderr.write(`${formatSiteError(error)}\n`);
    return 1;
  }
  const started = performance.now();
  const baseUrl = options.baseUrl === undefined ? await readBuiltBaseUrl(absolute) : normalizeBaseUrl(options.baseUrl);
  const result = await checkBuiltSite(absolute, { baseUrl });
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  if (result.broken.length === 0) {
    process.stdout.write(`Checked ${result.checked} links in ${seconds} s: none broken.\n`);
    return 0;
  }
  // Where each link was written, when the build that made the output recorded the page's source.
  const places = await brokenLinkSources(absolute, baseUrl, result.broken);
  for (const link of result.broken) {
    const place = places.get(link);
    process.stderr.write(`broken: ${link.parent ?? '(start)'} → ${link.url} (${link.status || 'no response'})${place ? ` at ${formatLocation(place)}` : ''}\n`);
  }
  process.stderr.write(`\n${result.broken.length} broken link${result.broken.length === 1 ? '' : 's'} out of ${result.checked} checked.\n`);
  return 1;
}
