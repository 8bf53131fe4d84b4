import { Link } from '../../src/client/navigation.js';
import { isExternalUrl } from '../../src/shared/paths.js';
import { translate } from '../../src/shared/translate.js';

/** One card: a doc, a category (its page) or a link to another site. */
export interface DocCardEntry {
  href: string;
  label: string;
  description?: string;
  isCategory?: boolean;
}

/** A card leading to a doc, a category's page or another site, with its description. */
export function DocCardView({ entry }: { entry: DocCardEntry }) {
  const body = (
    <>
      <span className="card__title">{entry.isCategory ? '🗂 ' : ''}{entry.label}</span>
      {entry.description ? <span className="card__description">{entry.description}</span> : null}
    </>
  );
  if (isExternalUrl(entry.href)) {
    return (
      <a className="card__link" href={entry.href} target="_blank" rel="noopener noreferrer">
        {body}
        <span className="visually-hidden">{` ${translate({ id: 'theme.IconExternalLink.ariaLabel', message: '(opens in a new tab)' })}`}</span>
      </a>
    );
  }
  return <Link className="card__link" to={entry.href}>{body}</Link>;
}

/** The grid of cards of a category's page, and of `<DocCardList />`. */
export function DocCardGrid({ items, className }: { items: DocCardEntry[]; className?: string }) {
  return (
    <ul className={className ? `cards ${className}` : 'cards'}>
      {items.map((entry) => (
        <li key={entry.href} className="card">
          <DocCardView entry={entry} />
        </li>
      ))}
    </ul>
  );
}
