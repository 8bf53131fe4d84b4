import { describe, expect, it } from 'vitest';
import { inlineScriptsIn } from '../../../src/server/securityHeaders.js';
import { documentBody, documentInlineScripts, renderDocument, type DocumentParts } from '../../../src/render/document.js';
import type { ClientSiteData, StoredRoutePayload } from '../../../src/shared/types.js';

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

const payload = {
  meta: { title: 'A </script> page', description: 'About <things>', path: '/docs/a' },
  data: { kind: 'doc' },
  chunk: null,
  sidebar: null,
} as unknown as StoredRoutePayload;

const parts = (bodyHtml: string): DocumentParts => ({
  site,
  payload,
  bodyHtml,
  headScripts: ['console.log("<div id=\\"__sipa\\">")'],
  css: [],
  entry: '/_sipa/entry.js',
  siteData: '/_sipa/site-0123456789ab.js',
  preload: [],
  favicon: '',
  noIndex: false,
});

describe('documentBody', () => {
  it('reads back the body and meta renderDocument wrote', () => {
    // A body may show the markers themselves, as text or in raw HTML.
    const body = '<main><p>&lt;/div&gt;</p><pre></div>\n<script id="__SIPA_ROUTE__" type="application/json">{}</script></pre></main>';
    expect(documentBody(renderDocument(parts(body)))).toEqual({ bodyHtml: body, meta: payload.meta });
    expect(documentBody(renderDocument(parts('')))).toEqual({ bodyHtml: '', meta: payload.meta });
  });

  it('gives null for text that is not such a document', () => {
    expect(documentBody('<!doctype html><html><body><p>hand-written</p></body></html>')).toBeNull();
    expect(documentBody(renderDocument(parts('<p>x</p>')).replace('"meta"', '"meta'))).toBeNull();
  });
});

describe('renderDocument head', () => {
  const head = (meta: Partial<StoredRoutePayload['meta']>, more: Partial<DocumentParts> = {}, base = '/') =>
    renderDocument({
      ...parts(''),
      site: { ...site, baseUrl: base },
      payload: { ...payload, meta: { ...payload.meta, ...meta } },
      ...more,
    }).split('</head>')[0]!;

  it('gives keywords, and the social card as og:image and twitter:image with an absolute URL', () => {
    const html = head({ keywords: ['sipa', 'a "quoted" word'], image: '/sub/_sipa/img/card-1a2b3c4d.png' });
    expect(html).toContain('<meta name="keywords" content="sipa, a &quot;quoted&quot; word">');
    expect(html).toContain('<meta property="og:image" content="https://example.com/sub/_sipa/img/card-1a2b3c4d.png">');
    expect(html).toContain('<meta name="twitter:image" content="https://example.com/sub/_sipa/img/card-1a2b3c4d.png">');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
  });

  it('falls back to the site default image, keeps full URLs, and has no image tags without one', () => {
    expect(head({}, { defaultImage: '/img/social.png' })).toContain('<meta property="og:image" content="https://example.com/img/social.png">');
    expect(head({ image: 'https://cdn.example/card.png' }, { defaultImage: '/img/social.png' })).toContain('<meta property="og:image" content="https://cdn.example/card.png">');
    const plain = head({});
    expect(plain).not.toContain('og:image');
    expect(plain).not.toContain('twitter:image');
    expect(plain).not.toContain('name="keywords"');
    expect(plain).toContain('<meta name="twitter:card" content="summary">');
  });

  it('marks pages that must not be indexed', () => {
    expect(head({ noIndex: true })).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(head({})).not.toContain('name="robots"');
  });
});

describe('documentInlineScripts', () => {
  it('lists every inline script a document can carry, the home page included', () => {
    const home = { ...payload, meta: { ...payload.meta, path: '/' } } as StoredRoutePayload;
    const headScripts = ['var colour = 1', 'var bar = 2'];
    const allowed = new Set(documentInlineScripts(headScripts, site.baseUrl));
    for (const page of [payload, home]) {
      const html = renderDocument({ ...parts('<p>body</p>'), headScripts, payload: page });
      const inline = inlineScriptsIn(html);
      expect(inline.length).toBeGreaterThanOrEqual(page === home ? 4 : 3);
      for (const script of inline) expect(allowed.has(script), script.slice(0, 60)).toBe(true);
    }
  });
});
