import { describe, expect, it } from 'vitest';
import { documentBody } from '../../../src/render/document.js';
import { finishPage, routePayload, type PageFrame, type PageShape } from '../../../src/render/finishPage.js';
import { extractSearchDocument } from '../../../src/search/searchDocument.js';
import type { ClientSiteData, PageMeta, RoutePayload } from '../../../src/shared/types.js';

const site = {
  title: 'Site',
  titleDelimiter: '|',
  url: 'https://example.com',
  baseUrl: '/',
  tagline: '',
  generator: 'sipadocs 2.1.0',
  locale: { htmlLang: 'en', direction: 'ltr' },
  colorMode: { defaultMode: 'dark' },
} as unknown as ClientSiteData;

const frame: PageFrame = {
  headScripts: ['void 0'],
  headTags: [],
  favicon: '',
  defaultImage: undefined,
  noIndex: false,
  inlineCss: new Map([['/_sipa/entry.css', 'body{color:red}']]),
  entry: { js: '/_sipa/entry.js', imports: ['/_sipa/c/react.js'], css: ['/_sipa/entry.css'] },
};

const shape = (more: Partial<PageShape> = {}): PageShape => ({ chunk: { js: '/_sipa/r/a.js', imports: ['/_sipa/c/x.js'], css: [] }, alternates: [], readIds: false, search: false, ...more });

const routeMeta: PageMeta = { title: 'Before', description: '', path: '/docs/a' };
const payload = routePayload(routeMeta, { kind: 'doc' } as RoutePayload['data'], shape().chunk!, null);
const body = {
  // A body holding the document's own markers, as text and as raw HTML.
  bodyHtml: '<main><article data-search-body=""><h1 id="t">Title &lt;body&gt;</h1><p>Words <a href="/docs/b#x&amp;y">b</a>.</p><pre><body>\n<div id="__sipa"></pre></article></main>',
  meta: { ...routeMeta, title: 'After', headTags: ['<script>void 1</script>'] },
};

describe('finishPage', () => {
  it('makes the document around the body, with the payload of the rendered meta, and says where the body is in it', () => {
    const page = finishPage(frame, site, shape(), payload, body);
    expect(page.html.slice(page.bodyStart, page.bodyEnd)).toBe(body.bodyHtml);
    expect(documentBody(page.html)).toEqual({ bodyHtml: body.bodyHtml, meta: body.meta });
    expect(JSON.parse(page.payloadJson)).toEqual({ ...payload, meta: body.meta });
    expect(page.html).toContain('<style data-href="/_sipa/entry.css">body{color:red}</style>');
    expect(page.html).toContain('data-preload="/_sipa/c/react.js /_sipa/r/a.js /_sipa/c/x.js"');
  });

  it('reads the links, and the ids and search document only when asked', () => {
    const plain = finishPage(frame, site, shape(), payload, body);
    expect(plain.hrefs).toEqual(['/docs/b#x&y']);
    expect(plain.ids).toBeNull();
    expect(plain.search).toBeUndefined();
    expect(plain.scripts.scripts).toHaveLength(1);

    const read = finishPage(frame, site, shape({ readIds: true, search: true }), payload, body);
    expect(read.ids).toEqual(expect.arrayContaining(['__sipa', '__SIPA_ROUTE__', 't']));
    expect(read.search).toEqual(extractSearchDocument(body.bodyHtml, 'After'));
  });
});
