import { readFileSync } from 'node:fs';
import path from 'node:path';
import { INFIMA_STYLESHEET } from '../bundle/infima.js';
import { PACKAGE_ROOT } from '../packageRoot.js';
import type { MigrationNotes } from './notes.js';

/** The theme's style sheet, whose colours and sizes take a site's Infima variables where it sets them. */
const THEME_STYLESHEET = path.join(PACKAGE_ROOT, 'templates', 'css', 'theme.css');

/** The Infima variables (and Docusaurus's own `--docusaurus-…`) the theme and its Infima classes read. */
const READ = new Set([INFIMA_STYLESHEET, THEME_STYLESHEET].flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/var\((--(?:ifm|docusaurus)-[\w-]+)/g)].map((m) => m[1]!)));

/** The Infima variables the theme reads (see READ), for tests and the report. */
export const READ_INFIMA_VARIABLES: ReadonlySet<string> = READ;

/**
 * What the report says of a style sheet that sets Infima's variables (`--ifm-…: …`): those the
 * theme reads (its colours, fonts and sizes: templates/css/theme.css) or its Infima classes read
 * (templates/css/infima.css) are carried; the others are named as not carried.
 */
export function noteInfimaVariables(css: string, text: string, notes: MigrationNotes): void {
  const set = [...new Set([...text.matchAll(/(--(?:ifm|docusaurus)-[\w-]+)\s*:/g)].map((m) => m[1]!))];
  if (set.length === 0) return;
  const read = set.filter((name) => READ.has(name));
  const unread = set.filter((name) => !READ.has(name));
  if (read.length > 0) notes.carriedOver(`${css}: ${read.join(', ')} style${read.length === 1 ? 's' : ''} the theme (colours, fonts, sizes) and the Infima classes of the site's React pages`);
  if (unread.length > 0) {
    const shown = unread.length > 4 ? `${unread.slice(0, 4).join(', ')} and ${unread.length - 4} more` : unread.join(', ');
    notes.notCarried(`${css}: its Infima variables ${shown}`, 'the sipadocs theme does not read them (see templates/css/theme.css for those it reads)');
  }
}
