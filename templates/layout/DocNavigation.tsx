import { Link } from '../../src/client/navigation.js';
import type { Breadcrumb, LinkTarget } from '../../src/shared/types.js';
import { translate } from '../../src/shared/translate.js';

/** The way from the home page to a doc: its categories, then its title. */
export function Breadcrumbs({ items, title }: { items: Breadcrumb[]; title: string }) {
  return (
    <nav className="breadcrumbs" aria-label={translate({ id: 'theme.docs.breadcrumbs.navAriaLabel', message: 'Breadcrumbs' })}>
      <ol>
        <li><Link to="/" aria-label={translate({ id: 'theme.docs.breadcrumbs.home', message: 'Home page' })}>{translate({ id: 'sipadocs.breadcrumbs.home', message: 'Home' })}</Link></li>
        {items.map((crumb) => (
          <li key={crumb.label}>{crumb.href ? <Link to={crumb.href}>{crumb.label}</Link> : <span>{crumb.label}</span>}</li>
        ))}
        <li><span aria-current="page">{title}</span></li>
      </ol>
    </nav>
  );
}

/** Previous and next links; `withDirection` false leaves out their "Previous"/"Next" line, for labels that say it (the blog list's "Newer entries"). */
export function Pager({ previous, next, label, withDirection = true }: { previous: LinkTarget | null; next: LinkTarget | null; label: string; withDirection?: boolean }) {
  if (!previous && !next) return null;
  return (
    <nav className="pager" aria-label={label}>
      {previous ? (
        <Link className="pager__link pager__link--prev" to={previous.permalink}>
          {withDirection ? <span className="pager__sub">{translate({ id: 'theme.docs.paginator.previous', message: 'Previous' })}</span> : null}
          <span className="pager__label">« {previous.title}</span>
        </Link>
      ) : <span />}
      {next ? (
        <Link className="pager__link pager__link--next" to={next.permalink}>
          {withDirection ? <span className="pager__sub">{translate({ id: 'theme.docs.paginator.next', message: 'Next' })}</span> : null}
          <span className="pager__label">{next.title} »</span>
        </Link>
      ) : null}
    </nav>
  );
}
