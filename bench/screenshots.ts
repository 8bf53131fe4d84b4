/**
 * `npm run screenshots`: builds the Sipa site, then saves PNGs of the home page, a doc and a blog
 * post in both colour modes at 390 px and 1440 px wide into docs/screenshots/.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { startSite } from '../support/servedSite.js';

const PAGES = [
  { name: 'home', path: '/' },
  { name: 'doc', path: '/docs/guides/guides-basics/create-a-new-page' },
  { name: 'post', path: '/blog/welcome' },
];
const WIDTHS = [390, 1440];
const MODES = ['light', 'dark'] as const;

export async function main(): Promise<number> {
  const outDir = path.resolve('docs/screenshots');
  await mkdir(outDir, { recursive: true });
  const site = await startSite();
  try {
    for (const mode of MODES) {
      for (const width of WIDTHS) {
        const context = await site.browser.newContext({ viewport: { width, height: width < 600 ? 844 : 900 }, colorScheme: mode, deviceScaleFactor: 1 });
        const page = await context.newPage();
        for (const { name, path: route } of PAGES) {
          await page.goto(site.url + route, { waitUntil: 'networkidle' });
          const file = path.join(outDir, `${name}-${mode}-${width}.png`);
          await page.screenshot({ path: file });
          console.log(path.relative(process.cwd(), file));
        }
        await context.close();
      }
    }
  } finally {
    await site.close();
  }
  return 0;
}
