/**
 * The theme's markup around content, rendered by the theme itself for the fast path (see
 * compiler/static/themeShells.ts): each component the MDX path renders a page through
 * (`templates/mdxComponents.tsx`: links, h2–h4, tables, admonitions, code blocks) rendered with
 * react-dom/server, with a slot where its children go. Bundled for Node as an entry of its own,
 * like the server renderer, so the build's own code never type-checks against the DOM.
 */
import { createElement, type ComponentType, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { mdxComponents } from '../../templates/mdxComponents.js';
import type { ShellRenderer } from '../shared/shellRenderer.js';
import { markTranslations } from '../shared/translate.js';

/**
 * Renders the slot. Its `children` are never rendered, but a component that reads the text of its
 * children (Heading names its "#" link after it) finds the real text there.
 */
function Slot({ slot }: { slot: string; children?: ReactNode }): string {
  return slot;
}

export function createShellRenderer(slot: string): ShellRenderer {
  // The fast path's pages serve every locale: the theme's words in them are marks each locale resolves.
  markTranslations();
  const around = (component: ComponentType<never>, props: object | null, text?: string) =>
    renderToStaticMarkup(createElement(component, props as never, createElement(Slot, { slot }, text)));
  return {
    heading: (level, id, text) => around(mdxComponents[`h${level}`] as ComponentType<never>, { id }, text),
    link: (href, title) => around(mdxComponents.a as ComponentType<never>, title === undefined ? { href } : { href, title }),
    table: () => around(mdxComponents.table as ComponentType<never>, null),
    admonition: (type, title) => around(mdxComponents.Admonition as ComponentType<never>, title === undefined ? { type } : { type, title }),
    codeBlock: (props) => renderToStaticMarkup(createElement(mdxComponents.CodeBlock, props)),
    image: (properties) => renderToStaticMarkup(createElement('img', properties)),
  };
}
