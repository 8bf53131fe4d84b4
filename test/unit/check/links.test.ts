import { describe, expect, it } from 'vitest';
import { extractLinks, findBrokenLinks } from '../../../src/check/links.js';

const page = (route: string, body: string) => extractLinks(route, `<html><body>${body}</body></html>`);

describe('findBrokenLinks', () => {
  const pages = [
    page('/docs/a', '<h2 id="one">One</h2><a href="/docs/b#two">b</a><a href="#one">self</a><a href="b">relative</a>'),
    page('/docs/b', '<h2 id="two">Two</h2><a href="https://example.com">ext</a><a href="/img/x.svg">img</a><a href="./x.md">md</a>'),
  ];

  it('accepts existing routes, anchors, files, external and markdown links', () => {
    expect(findBrokenLinks(pages, new Set(['/img/x.svg']))).toEqual([]);
  });

  it('reports missing pages and anchors with their source', () => {
    const broken = findBrokenLinks([...pages, page('/docs/c', '<a href="/docs/zzz">x</a><a href="/docs/a#nope">y</a><a href="/docs/a.html#one">ok</a>')], new Set(['/img/x.svg']));
    expect(broken).toEqual([
      { source: '/docs/c', href: '/docs/zzz', reason: 'missing page' },
      { source: '/docs/c', href: '/docs/a#nope', reason: 'missing anchor' },
    ]);
  });
});
