import { describe, expect, it } from 'vitest';
import { inlineScriptsIn } from '../../../src/build/securityHeaders.js';
import { documentBody, documentInlineScripts, renderDocument, type DocumentParts } from '../../../src/render/document.js';
import type { ClientSiteData, RoutePayload } from '../../../src/shared/types.js';

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
} as unknown as RoutePayload;

const parts = (bodyHtml: string): DocumentParts => ({
  site,
  payload,
  bodyHtml,
  headScripts: ['console.log("<div id=\\"__sipa\\">")'],
  css: [],
  entry: '/_sipa/entry.js',
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

describe('documentInlineScripts', () => {
  it('lists every inline script a document can carry, the home page included', () => {
    const home = { ...payload, meta: { ...payload.meta, path: '/' } } as RoutePayload;
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
