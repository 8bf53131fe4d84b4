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

describe('findBrokenLinks with routes that need percent-encoding', () => {
  const names = ['with space', 'café', 'a#b', 'what?', '100%'];
  const targets = names.map((name) => page(`/docs/${name}`, `<h2 id="part">Part</h2>`));

  it('decodes each link once, as the browser and the static host do', () => {
    const links = '<a href="/docs/with%20space">1</a><a href="/docs/caf%C3%A9#part">2</a><a href="/docs/a%23b">3</a>'
      + '<a href="/docs/what%3F#part">4</a><a href="/docs/100%25">5</a><a href="with%20space">relative</a>';
    expect(findBrokenLinks([page('/docs/from here', links), ...targets], new Set())).toEqual([]);
  });

  it('resolves relative links against the URL of a page whose route needs encoding', () => {
    expect(findBrokenLinks([page('/docs/a#b', '<a href="100%25#part">x</a>'), ...targets], new Set())).toEqual([]);
  });

  it('reports links a browser would read as another page or a host would refuse', () => {
    const links = '<a href="/docs/a#b">hash</a><a href="/docs/what?">query</a><a href="/docs/100%">malformed</a><a href="/docs/a%2Fb">slash</a>';
    expect(findBrokenLinks([page('/docs/x', links), ...targets], new Set())).toEqual([
      { source: '/docs/x', href: '/docs/a#b', reason: 'missing page' },
      { source: '/docs/x', href: '/docs/what?', reason: 'missing page' },
      { source: '/docs/x', href: '/docs/100%', reason: 'malformed URL' },
      { source: '/docs/x', href: '/docs/a%2Fb', reason: 'malformed URL' },
    ]);
  });
});
