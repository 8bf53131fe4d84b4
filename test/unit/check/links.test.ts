import { describe, expect, it } from 'vitest';
import { extractHrefs, extractLinks, findBrokenLinks, LAYOUT_IDS, readAnchors, targetFromRoot } from '../../../src/check/links.js';

/** A page whose targets are read from its HTML (as for a React page). */
const page = (route: string, body: string) => extractLinks(route, `<html><body>${body}</body></html>`, null);

describe('findBrokenLinks', () => {
  const pages = [
    page('/docs/a', '<h2 id="one">One</h2><a href="/docs/b#two">b</a><a href="#one">self</a><a href="b">relative</a>'),
    page('/docs/b', '<h2 id="two">Two</h2><a href="https://example.com">ext</a><a href="/img/x.svg">img</a><a href="./x.md">md</a>'),
  ];

  it('accepts existing routes, anchors, files, external links and links to markdown files that exist', () => {
    expect(findBrokenLinks(pages, new Set(['/img/x.svg', '/docs/x.md']))).toEqual([]);
  });

  it('reports missing pages and anchors with their source, and a link to a .md file no page took for its own', () => {
    const broken = findBrokenLinks([...pages, page('/docs/c', '<a href="/docs/zzz">x</a><a href="/docs/a#nope">y</a><a href="/docs/a.html#one">ok</a>')], new Set(['/img/x.svg']));
    expect(broken).toEqual([
      { source: '/docs/b', href: './x.md', reason: 'missing page' },
      { source: '/docs/c', href: '/docs/zzz', reason: 'missing page' },
      { source: '/docs/c', href: '/docs/a#nope', reason: 'missing anchor' },
    ]);
  });

  it('accepts a link to an <a name> anchor, fragments with dots and plus signs included', () => {
    const api = page('/docs/api', '<p><a name="SipaUrl.getUrl"></a></p><p><a name="SipaComponent+html"></a></p>');
    const guide = page('/docs/guide', '<a href="/docs/api#SipaUrl.getUrl">a</a><a href="/docs/api#SipaComponent+html">b</a><a href="/docs/api#SipaUrl.nope">c</a>');
    expect(findBrokenLinks([api, guide], new Set())).toEqual([{ source: '/docs/guide', href: '/docs/api#SipaUrl.nope', reason: 'missing anchor' }]);
  });

  it('reports a broken link on every page it is on, and reads a relative link on each page anew', () => {
    const target = page('/docs/x/b', '<h2 id="two">Two</h2>');
    const first = page('/docs/x/a', '<a href="/docs/gone">gone</a><a href="b#two">sibling</a><a href="/docs/x/b#nope">anchor</a>');
    const second = page('/docs/y/a', '<a href="/docs/gone">gone</a><a href="b#two">no sibling here</a><a href="/docs/x/b#nope">anchor</a>');
    expect(findBrokenLinks([target, first, second], new Set())).toEqual([
      { source: '/docs/x/a', href: '/docs/gone', reason: 'missing page' },
      { source: '/docs/x/a', href: '/docs/x/b#nope', reason: 'missing anchor' },
      { source: '/docs/y/a', href: '/docs/gone', reason: 'missing page' },
      { source: '/docs/y/a', href: 'b#two', reason: 'missing page' },
      { source: '/docs/y/a', href: '/docs/x/b#nope', reason: 'missing anchor' },
    ]);
  });
});

describe('findBrokenLinks under a base URL', () => {
  it('reads links as the browser does on the page at the base URL, and reports paths outside it', () => {
    const pages = [
      page('/', '<a href="/sub/docs/a">a</a><a href="docs/b#two">relative from the home page</a><a href="/sub/img/x.svg">img</a>'),
      page('/docs/a', '<a href="b">sibling</a><a href="../">home</a><a href="/sub">home too</a><a href="/docs/b">no base</a><a href="/">root</a>'),
      page('/docs/b', '<h2 id="two">Two</h2><a href="/sub/docs/zzz">missing</a>'),
    ];
    expect(findBrokenLinks(pages, new Set(['/img/x.svg']), '/sub/')).toEqual([
      { source: '/docs/a', href: '/docs/b', reason: 'outside the base URL' },
      { source: '/docs/a', href: '/', reason: 'outside the base URL' },
      { source: '/docs/b', href: '/sub/docs/zzz', reason: 'missing page' },
    ]);
  });
});

describe('reading targets and links from HTML', () => {
  it('reads every element id and every <a name>, and nothing from text', () => {
    // As the highlighter writes code: "<" escaped, quotes not.
    const html = '<div id="a"><a name="b"></a><span name="not-an-anchor"></span><pre><code><span>&#x3C;span id="in-code"></span></code></pre><p>id="in-text"</p></div>';
    expect(readAnchors(html)).toEqual(['a', 'b']);
  });

  it('takes the content anchors the compiler found, plus the layout ids, without parsing', () => {
    const links = extractLinks('/docs/x', '<main id="main-content"><span id="only-in-html"></span></main>', ['from-compiler']);
    expect(links.ids).toEqual(new Set([...LAYOUT_IDS, 'from-compiler']));
  });

  it('reads hrefs of real links only, decoded', () => {
    const html = '<a class="x" href="/docs/a?x=1&amp;y=2#h">a</a><a data-href="/nope">b</a><pre><code>&#x3C;a href="/in-code">x&#x3C;/a></code></pre>';
    expect(extractHrefs(html)).toEqual(['/docs/a?x=1&y=2#h']);
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

describe('targetFromRoot', () => {
  const routes = new Set(['/', '/docs/a', '/docs/b/c', '/docs/café']);
  const files = new Set(['/img/logo.png']);
  it('reads a relative link from the site root, as Docusaurus looks for it in its output folder', () => {
    expect(targetFromRoot('docs/a', routes, files)).toBe('/docs/a');
    expect(targetFromRoot('./docs/a#part', routes, files)).toBe('/docs/a');
    expect(targetFromRoot('docs/caf%C3%A9?x=1', routes, files)).toBe('/docs/café');
    expect(targetFromRoot('img/logo.png', routes, files)).toBe('/img/logo.png');
  });
  it('names nothing for links it would not read that way, or that name nothing from the root either', () => {
    expect(targetFromRoot('/docs/a', routes, files)).toBeNull();
    expect(targetFromRoot('../docs/a', routes, files)).toBeNull();
    expect(targetFromRoot('docs/zzz', routes, files)).toBeNull();
    expect(targetFromRoot('https://example.com/docs/a', routes, files)).toBeNull();
    expect(targetFromRoot('#top', routes, files)).toBeNull();
  });
});
