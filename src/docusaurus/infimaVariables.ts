import { readFileSync } from 'node:fs';
import { INFIMA_STYLESHEET } from '../bundle/infima.js';
import type { MigrationNotes } from './notes.js';

/** The Infima variables sipadocs's Infima classes read (templates/css/infima.css). */
const READ = new Set(readFileSync(INFIMA_STYLESHEET, 'utf8').match(/--ifm-[\w-]+/g) ?? []);

/**
 * What the report says of a style sheet that sets Infima's variables (`--ifm-…: …`): those the
 * Infima classes of sipadocs read are carried; the theme itself has colours of its own, so the
 * others are named as not carried.
 */
export function noteInfimaVariables(css: string, text: string, notes: MigrationNotes): void {
  const set = [...new Set([...text.matchAll(/(--ifm-[\w-]+)\s*:/g)].map((m) => m[1]!))];
  if (set.length === 0) return;
  const read = set.filter((name) => READ.has(name));
  const unread = set.filter((name) => !READ.has(name));
  if (read.length > 0) notes.carriedOver(`${css}: ${read.join(', ')} style${read.length === 1 ? 's' : ''} the Infima classes (hero, buttons, columns…) of the site's React pages`);
  if (unread.length > 0) {
    const shown = unread.length > 4 ? `${unread.slice(0, 4).join(', ')} and ${unread.length - 4} more` : unread.join(', ');
    notes.notCarried(`${css}: its Infima variables ${shown}`, 'the sipadocs theme does not read them; its colours and sizes are CSS variables of its own (see templates/css/theme.css)');
  }
}
