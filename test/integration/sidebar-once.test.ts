// A page holds its sidebar once: in its HTML. Its data names the sidebar's tree and the page's
// shape of it, and repeats none of its items. At 2,000 docs with their categories open, a doc
// page stays under 120 KB. The site is generated, lean (a sentence a doc), and built once per run
// for this file and check-links-scale.test.ts (see LARGE_SITE).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SidebarItem, StoredRoutePayload } from '../../src/shared/types.js';
import type { GeneratedSite } from '../../support/generateSite.js';
import { assertUnchanged, sharedGeneratedBuild } from '../../support/sharedBuild.js';
import { LARGE_SITE } from '../largeSite.js';

let generated: GeneratedSite;
let out: string | undefined;

beforeAll(async () => {
  ({ generated, outDir: out } = await sharedGeneratedBuild(LARGE_SITE));
}, 600_000);
afterAll(() => assertUnchanged(out));

const linksOf = (items: SidebarItem[]): string[] => items.flatMap((item) => (item.type === 'link' ? [item.href] : item.type === 'category' ? linksOf(item.items) : []));

describe('a doc page of 2,000 docs with open categories', () => {
  it('holds each link of its sidebar once, and its data none of them', async () => {
    const doc = generated.docs[1000]!.replace(/\.mdx$/, '');
    const html = await readFile(path.join(out!, `${doc}.html`), 'utf8');
    const sidebar = /<nav class="sidebar"[\s\S]*?<\/nav>/.exec(html)![0];
    const hrefs = [...sidebar.matchAll(/<a [^>]*href="([^"]+)"/g)].map((match) => match[1]!);
    expect(hrefs.length).toBeGreaterThan(100);
    const data = JSON.parse(/<script id="__SIPA_ROUTE__" type="application\/json">([\s\S]*?)<\/script>/.exec(html)![1]!) as StoredRoutePayload;
    expect(data.sidebar).toMatchObject({ url: expect.stringMatching(/^\/_sipa\/sidebars\/.+\.json$/), shape: expect.any(Object) });
    expect(JSON.stringify(data.sidebar).length).toBeLessThan(1000);
    // A link of the sidebar is in the page once, but for the page's own neighbours, which its
    // text, its pager and their data name too.
    const data2 = data.data as { previous?: { permalink: string } | null; next?: { permalink: string } | null };
    const neighbours = new Set([`/${doc}`, data2.previous?.permalink, data2.next?.permalink]);
    const repeated = hrefs.filter((href) => !neighbours.has(href) && html.split(`"${href}"`).length - 1 !== 1);
    expect(repeated).toEqual([]);
    // The tree the runtime makes the view from holds every doc, once.
    const tree = JSON.parse(await readFile(path.join(out!, data.sidebar!.url.slice(1)), 'utf8')) as SidebarItem[];
    expect(new Set(linksOf(tree)).size).toBe(2000);
    expect(Buffer.byteLength(html)).toBeLessThan(120 * 1024);
  });
});
