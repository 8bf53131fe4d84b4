import { describe, expect, it } from 'vitest';
import { documentBody, renderDocument, type DocumentParts } from '../../../src/render/document.js';
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
