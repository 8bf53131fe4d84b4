/**
 * The theme's markup around content, as the theme renders it: shells (the markup before and after
 * a component's children) of the components the MDX path renders a page through, made by the
 * theme's own components (src/render/shellEntry.tsx, loaded at the first page) so the theme stays
 * the only source of its markup.
 *
 * Shells are cached by their props: a table or an admonition of a given type renders once per
 * session. The cache is bounded; it lives in the session that creates it (see renderStaticPage.ts).
 */
import { LRUCache } from 'lru-cache';
import { pathToFileURL } from 'node:url';
import type { ShellRenderer } from '../../shared/shellRenderer.js';
import { workerScript } from '../../util/workerPool.js';

/** Where the children go; private-use characters that React writes as they are. */
const SLOT = '\uE000sipadocs-slot\uE001';

/** The markup before and after a component's children. */
export type Shell = readonly [before: string, after: string];

/** Shells kept, the least recently used dropped first (a shell is a few hundred bytes). */
const MAX_ENTRIES = 5000;

/**
 * The compiled theme renderer's file. Compile worker threads each load it: the thread that starts
 * them calls this first, so that it is compiled once, not by every worker at the same time.
 */
export function themeRendererScript(): Promise<string> {
  return workerScript('shellEntry');
}

export class ThemeShells {
  private readonly cache = new LRUCache<string, Shell | 'none'>({ max: MAX_ENTRIES });
  private renderer: ShellRenderer | null = null;

  /** Loads the theme's renderer; every other method needs it loaded. */
  async load(): Promise<void> {
    if (this.renderer) return;
    const file = await themeRendererScript();
    const { createShellRenderer } = (await import(pathToFileURL(file).href)) as { createShellRenderer(slot: string): ShellRenderer };
    this.renderer ??= createShellRenderer(SLOT);
  }

  /** `<hN id>` of the theme for h2–h4 (with its "#" link named after `text`); null when the text holds the slot marker. */
  heading(level: 2 | 3 | 4, id: string, text: string): Shell | null {
    return this.shell(`h${level}\0${id}\0${text}`, (r) => r.heading(level, id, text));
  }

  /** The theme's content link (`a`), with its title when the content gives one. */
  link(href: string, title: string | undefined): Shell | null {
    return this.shell(`a\0${href}\0${title ?? '\0'}`, (r) => r.link(href, title));
  }

  /** The theme's table wrapper around `<table>`. */
  table(): Shell | null {
    return this.shell('table', (r) => r.table());
  }

  /** An admonition of the theme (`type` as written: tip, note…), with its title when the content gives one. */
  admonition(type: string, title: string | undefined): Shell | null {
    return this.shell(`admonition\0${type}\0${title ?? '\0'}`, (r) => r.admonition(type, title));
  }

  /** A whole code block of the theme, as the MDX path passes it its props (all strings). Not cached: the highlighted code is in it. */
  codeBlock(props: Record<string, string>): string {
    return this.loaded().codeBlock(props);
  }

  /** A whole `<img>` with these properties in this order, as React writes it (URLs checked, empty sources left out). */
  image(properties: Record<string, string | number>): string {
    const key = `img\0${JSON.stringify(properties)}`;
    const cached = this.cache.get(key);
    if (cached && cached !== 'none') return cached[0];
    const html = this.loaded().image(properties);
    this.cache.set(key, [html, '']);
    return html;
  }

  private loaded(): ShellRenderer {
    if (!this.renderer) throw new Error('ThemeShells: load() the renderer before rendering');
    return this.renderer;
  }

  private shell(key: string, render: (renderer: ShellRenderer) => string): Shell | null {
    const cached = this.cache.get(key);
    if (cached !== undefined) return cached === 'none' ? null : cached;
    const parts = render(this.loaded()).split(SLOT);
    // Content holding the marker itself (in a title, say) cannot be told from the slot.
    const shell = parts.length === 2 ? ([parts[0]!, parts[1]!] as const) : null;
    this.cache.set(key, shell ?? 'none');
    return shell;
  }
}
