import { useNavigation } from '../../src/client/navigation.js';
import { DocCardGrid, type DocCardEntry } from '../layout/DocCards.js';
import { useCurrentRoute } from '../layout/routeContext.js';
import { categoryAt } from '../layout/sidebarCategory.js';
import { cardEntry, type DocCardItem } from './DocCard.js';

export interface DocCardListProps {
  /** The items to show; by default those of the sidebar category whose page this is, as in Docusaurus. */
  items?: DocCardItem[];
  className?: string;
}

/**
 * `@theme/DocCardList`: a card for each item of a category. Without `items`, on a category's page
 * (its index doc), the category's own items, read from the page's sidebar: a doc's card shows its
 * label (and a `description` the item has), a category's its number of items.
 */
export default function DocCardList({ items, className }: DocCardListProps) {
  const { pathname } = useNavigation();
  const sidebar = useCurrentRoute()?.sidebar ?? null;
  const category = items || !sidebar ? null : categoryAt(sidebar.items, pathname);
  if (!items && !category) {
    // As in Docusaurus: without items, there is no list to show anywhere but on a category's page.
    throw new Error(`<DocCardList /> without \`items\` lists the items of the sidebar category whose page this is, and ${pathname} is no category's page: give it \`items\``);
  }
  const shown = items ?? (category!.items as DocCardItem[]);
  const entries = shown.map(cardEntry).filter((entry): entry is DocCardEntry => entry !== null);
  return <DocCardGrid items={entries} className={className} />;
}
