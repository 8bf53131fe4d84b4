/**
 * Navbar and footer items of every kind Docusaurus has: links (with HTML, a class, an ARIA label),
 * `doc` and `docSidebar` items (active on every page of their sidebar), dropdowns and raw HTML.
 */
import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOnce } from '../../src/pipeline/build.js';
import { SiteError, SiteErrors } from '../../src/errors.js';
import { assertUnchanged, sharedBuild } from '../../support/sharedBuild.js';
import { silentLogger, tempDir } from '../helpers.js';

let tmp: Awaited<ReturnType<typeof tempDir>>;
let out: string | undefined;
const page = (file: string) => readFile(path.join(out!, file), 'utf8');
/** The navbar's part of a page. */
const navbar = async (file: string) => /<nav class="navbar[\s\S]*?<\/nav>/.exec(await page(file))![0];

beforeAll(async () => {
  tmp = await tempDir('sipadocs-navbar-');
  // The fixture's build, shared with the browser tests of it (e2e/navbar-items.test.ts): read only.
  out = (await sharedBuild('test/fixtures/navbar-items')).outDir;
}, 120_000);
afterAll(async () => {
  assertUnchanged(out);
  await tmp.cleanup();
});

describe('navbar items', () => {
  it('links a doc item to its doc and marks it active on every page of its sidebar, and only there', async () => {
    const setup = await navbar('docs/setup.html');
    expect(setup).toMatch(/<a href="\/docs\/intro" class="navbar__link navbar__link--active"[^>]*>Docs<\/a>/);
    expect(setup).toMatch(/<a href="\/docs\/api" class="navbar__link">API<\/a>/);
    const reference = await navbar('docs/api/reference.html');
    expect(reference).toMatch(/<a href="\/docs\/intro" class="navbar__link">Docs<\/a>/);
    expect(reference).toMatch(/<a href="\/docs\/api" class="navbar__link navbar__link--active"[^>]*>API<\/a>/);
    const home = await navbar('index.html');
    expect(home).not.toContain('navbar__link--active');
  });

  it('draws a dropdown of links and HTML, labelled by the doc id when a doc item has no label', async () => {
    const html = await navbar('docs/intro.html');
    expect(html).toMatch(/<div class="navbar__item dropdown"><button data-replay="" type="button" class="navbar__link dropdown__toggle" aria-expanded="false" aria-controls="[^"]+">More<\/button>/);
    expect(html).toContain('" hidden=""><li><a href="/docs/setup" class="dropdown__link">Setup</a></li><li><div class="dropdown__html"><hr class="menu-rule"></div></li><li><a href="/docs/api/reference" class="dropdown__link">api/reference</a></li></ul>');
    // The dropdown is active on a page one of its links leads to.
    expect(await navbar('docs/setup.html')).toContain('class="navbar__link dropdown__toggle navbar__link--active"');
  });

  it('writes raw HTML items as they are, and an icon-only link with its class and ARIA label', async () => {
    const html = await navbar('docs/intro.html');
    expect(html).toContain('<div class="navbar__item"><span class="beta-badge">Beta</span></div>');
    expect(html).toContain('<a class="navbar__link header-github-link" href="https://github.com/example/items" target="_blank" rel="noopener noreferrer" aria-label="GitHub repository"><span class="visually-hidden"> (opens in a new tab)</span></a>');
  });

  it('writes a footer HTML item as it is', async () => {
    expect(await page('docs/intro.html')).toContain('<div class="footer__html"><span class="footer-badge">Made here</span></div>');
  });
});

describe('navbar items naming what the docs do not have', () => {
  it('stop the build at their line in the config', async () => {
    const site = path.join(tmp.dir, 'unknown');
    await cp('test/fixtures/navbar-items', site, { recursive: true });
    const config = await readFile(path.join(site, 'sipadocs.config.ts'), 'utf8');
    const items = `      { type: 'doc', docId: 'intro', position: 'left' },\n      { type: 'doc', docId: 'gone', label: 'Gone' },\n      { type: 'docSidebar', sidebarId: 'nope' },\n`;
    await writeFile(path.join(site, 'sipadocs.config.ts'), config.replace(/(    items: \[\n)[\s\S]*?(    \],\n  \},\n  footer)/, `$1${items}$2`));
    const error = await buildOnce({ siteDir: site, outDir: path.join(tmp.dir, 'unknown-out'), logger: silentLogger() }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SiteErrors);
    const errors = (error as SiteErrors).errors as SiteError[];
    expect(errors.map((e) => [e.code, e.location?.line, e.location?.column])).toEqual([
      ['UNKNOWN_DOC_ID', 10, 29],
      ['UNKNOWN_DOC_ID', 11, 40],
    ]);
    expect(errors[0]!.message).toBe('the navbar item navbar.items.1 links to the doc "gone", which the docs do not have');
  }, 60_000);
});
