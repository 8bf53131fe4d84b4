/**
 * The theme's markup around content, rendered by the theme itself: each component the MDX path
 * renders a page through (`templates/mdxComponents.tsx`: links, h2–h4, tables, admonitions, code
 * blocks) is rendered here with react-dom/server, with a slot where its children go, so the theme
 * stays the only source of its markup. A shell is the markup before and after the slot.
 *
 * Shells are cached by their props: a table or an admonition of a given type renders once per
 * session. The cache is bounded; it lives in the session that creates it (see createStaticSession).
 */
import { createElement, type ComponentType, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { mdxComponents } from '../../../templates/mdxComponents.js';

/** Where the children go; private-use characters that React writes as they are. */
const SLOT = '\uE000sipadocs-slot\uE001';

/**
 * Renders the slot. Its `children` are never rendered, but a component that reads the text of its
 * children (Heading names its "#" link after it) finds the real text there.
 */
function Slot(_props: { children?: ReactNode }): string {
  return SLOT;
}

/** The markup before and after a component's children. */
export type Shell = readonly [before: string, after: string];

/** Entries kept before the cache starts again (a shell is a few hundred bytes). */
const MAX_ENTRIES = 5000;

export class ThemeShells {
  private readonly cache = new Map<string, Shell | null>();

  /** `<hN id>` of the theme for h2–h4 (with its "#" link named after `text`); null when the text holds the slot marker. */
  heading(level: 2 | 3 | 4, id: string, text: string): Shell | null {
    const component = mdxComponents[`h${level}`] as ComponentType<{ id: string }>;
    return this.shell(`h${level}\0${id}\0${text}`, () => createElement(component, { id }, createElement(Slot, null, text)));
  }

  /** The theme's content link (`a`), with its title when the content gives one. */
  link(href: string, title: string | undefined): Shell | null {
    const props = title === undefined ? { href } : { href, title };
    return this.shell(`a\0${href}\0${title ?? '\0'}`, () => createElement(mdxComponents.a, props, createElement(Slot)));
  }

  /** The theme's table wrapper around `<table>`. */
  table(): Shell | null {
    return this.shell('table', () => createElement(mdxComponents.table, null, createElement(Slot)));
  }

  /** An admonition of the theme (`type` as written: tip, note…), with its title when the content gives one. */
  admonition(type: string, title: string | undefined): Shell | null {
    const props = title === undefined ? { type } : { type, title };
    return this.shell(`admonition\0${type}\0${title ?? '\0'}`, () => createElement(mdxComponents.Admonition, props, createElement(Slot)));
  }

  /** A whole code block of the theme, as the MDX path passes it its props (all strings). Not cached: the highlighted code is in it. */
  codeBlock(props: Record<string, string>): string {
    return renderToStaticMarkup(createElement(mdxComponents.CodeBlock, props));
  }

  /** A whole `<img>` with these properties in this order, as React writes it (URLs checked, empty sources left out). */
  image(properties: Record<string, string | number>): string {
    const key = `img\0${JSON.stringify(properties)}`;
    const cached = this.cache.get(key);
    if (cached) return cached[0];
    const html = renderToStaticMarkup(createElement('img', properties));
    this.remember(key, [html, '']);
    return html;
  }

  private shell(key: string, element: () => ReturnType<typeof createElement>): Shell | null {
    const cached = this.cache.get(key);
    if (cached !== undefined) return cached;
    const parts = renderToStaticMarkup(element()).split(SLOT);
    // Content holding the marker itself (in a title, say) cannot be told from the slot.
    const shell = parts.length === 2 ? ([parts[0]!, parts[1]!] as const) : null;
    this.remember(key, shell);
    return shell;
  }

  private remember(key: string, shell: Shell | null): void {
    if (this.cache.size >= MAX_ENTRIES) this.cache.clear();
    this.cache.set(key, shell);
  }
}
