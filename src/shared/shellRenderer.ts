/**
 * What the theme gives the build's fast path (see compiler/static/themeShells.ts): its components
 * as HTML, each with a slot marker where its children go. Implemented by src/render/shellEntry.tsx,
 * which renders the theme on Node; a type of its own so neither side imports the other.
 */
export interface ShellRenderer {
  heading(level: 2 | 3 | 4, id: string, text: string): string;
  link(href: string, title: string | undefined): string;
  table(): string;
  admonition(type: string, title: string | undefined): string;
  codeBlock(props: Record<string, string>): string;
  image(properties: Record<string, string | number>): string;
}
