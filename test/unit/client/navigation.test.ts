import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Link, UrlLink } from '../../../src/client/navigation.js';
import { SiteContext } from '../../../src/client/siteContext.js';
import type { ClientSiteData } from '../../../src/shared/types.js';

const render = (node: ReactNode, baseUrl: string) =>
  renderToStaticMarkup(createElement(SiteContext.Provider, { value: { baseUrl } as ClientSiteData }, node));

describe("the theme's Link", () => {
  it('renders a site path with the base URL in front', () => {
    expect(render(createElement(Link, { to: '/docs/x', hash: 'y', className: 'a' }, 'X'), '/sub/')).toBe('<a href="/sub/docs/x#y" class="a">X</a>');
    // A route is written encoded: a "#" in its name is no fragment.
    expect(render(createElement(Link, { to: '/docs/a#b c' }, 'X'), '/sub/')).toBe('<a href="/sub/docs/a%23b%20c">X</a>');
    expect(render(createElement(Link, { to: '/' }, 'Home'), '/sub/')).toBe('<a href="/sub/">Home</a>');
    expect(render(createElement(Link, { to: '/docs/x' }, 'X'), '/')).toBe('<a href="/docs/x">X</a>');
  });

  it('needs the page root, so it never renders without knowing the base URL', () => {
    expect(() => renderToStaticMarkup(createElement(Link, { to: '/docs/x' }, 'X'))).toThrow(/Invariant failed/);
  });

  it('UrlLink takes a URL as the page shows it', () => {
    expect(render(createElement(UrlLink, { href: '/sub/docs/x' }, 'X'), '/sub/')).toBe('<a href="/sub/docs/x">X</a>');
  });
});
