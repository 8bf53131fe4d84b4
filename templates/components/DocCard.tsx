import { DocCardView, type DocCardEntry } from '../layout/DocCards.js';

/** A sidebar item as Docusaurus gives it to `DocCard` (a link, a category or another site's link), or sipadocs's own. */
export interface DocCardItem {
  type: 'link' | 'category' | 'external' | 'html';
  label?: string;
  href?: string;
  description?: string;
  items?: DocCardItem[];
  /** A category without its items in this page's copy of the sidebar (see SidebarView). */
  partial?: boolean;
}

/** What a card shows for a sidebar item, or null for one that has no page (HTML, a category without a page). */
export function cardEntry(item: DocCardItem): DocCardEntry | null {
  if (item.type === 'html' || !item.href || item.label === undefined) return null;
  if (item.type === 'category') {
    const count = item.partial ? null : (item.items ?? []).length;
    return { href: item.href, label: item.label, isCategory: true, description: item.description ?? (count === null ? undefined : `${count} item${count === 1 ? '' : 's'}`) };
  }
  return { href: item.href, label: item.label, description: item.description };
}

/**
 * `@theme/DocCard`: a card for one sidebar item (`item`, Docusaurus's prop): a doc, a category
 * (its page, described by its item count) or a link to another site.
 */
export default function DocCard({ item }: { item: DocCardItem }) {
  const entry = cardEntry(item);
  return entry ? <DocCardView entry={entry} /> : null;
}
