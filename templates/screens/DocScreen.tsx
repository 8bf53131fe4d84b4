import type { ComponentType } from 'react';
import { Link } from '../../src/client/navigation.js';
import type { Breadcrumb, CategoryRouteData, DocRouteData, LinkTarget, SidebarView } from '../../src/shared/types.js';
import { DocSidebar } from '../layout/DocSidebar.js';
import { TableOfContents } from '../layout/TableOfContents.js';
import { mdxComponents } from '../mdxComponents.js';

function Breadcrumbs({ items, title }: { items: Breadcrumb[]; title: string }) {
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumbs">
      <ol>
        <li><Link href="/" aria-label="Home page">Home</Link></li>
        {items.map((crumb) => (
          <li key={crumb.label}>{crumb.href ? <Link to={crumb.href}>{crumb.label}</Link> : <span>{crumb.label}</span>}</li>
        ))}
        <li><span aria-current="page">{title}</span></li>
      </ol>
    </nav>
  );
}

export function Pager({ previous, next, label }: { previous: LinkTarget | null; next: LinkTarget | null; label: string }) {
  if (!previous && !next) return null;
  return (
    <nav className="pager" aria-label={label}>
      {previous ? (
        <Link className="pager__link pager__link--prev" to={previous.permalink}>
          <span className="pager__sub">Previous</span>
          <span className="pager__label">« {previous.title}</span>
        </Link>
      ) : <span />}
      {next ? (
        <Link className="pager__link pager__link--next" to={next.permalink}>
          <span className="pager__sub">Next</span>
          <span className="pager__label">{next.title} »</span>
        </Link>
      ) : null}
    </nav>
  );
}

export function EditLink({ href }: { href: string | null }) {
  if (!href) return null;
  return (
    <a className="edit-link" href={href} target="_blank" rel="noopener noreferrer">
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true"><path d="M4 20h4L19 9l-4-4L4 16z" fill="none" stroke="currentColor" strokeWidth="2" /></svg>
      Edit this page
    </a>
  );
}

interface DocScreenProps {
  data: DocRouteData | CategoryRouteData;
  sidebar: SidebarView | null;
  Content: ComponentType<{ components?: object }> | null;
}

/** A doc or a category index: sidebar, breadcrumbs, article, edit link, pager and table of contents. */
export function DocScreen({ data, sidebar, Content }: DocScreenProps) {
  const toc = data.kind === 'doc' && !data.hideTableOfContents ? data.toc : [];
  return (
    <div className={`doc-layout${sidebar ? '' : ' doc-layout--no-sidebar'}`}>
      {sidebar ? <aside className="doc-layout__sidebar"><DocSidebar view={sidebar} /></aside> : null}
      <main id="main-content" className="doc-layout__main" tabIndex={-1}>
        <div className="doc-layout__content">
          <Breadcrumbs items={data.breadcrumbs} title={data.title} />
          <article className="markdown">
            {data.kind === 'doc' ? (
              <>
                {data.contentHasTitle ? null : <h1>{data.title}</h1>}
                {Content ? <Content components={mdxComponents} /> : null}
              </>
            ) : (
              <>
                <h1>{data.title}</h1>
                {data.description ? <p className="category__description">{data.description}</p> : null}
                <ul className="cards">
                  {data.items.map((item) => (
                    <li key={item.href} className="card">
                      <Link className="card__link" to={item.href}>
                        <span className="card__title">{item.isCategory ? '🗂 ' : ''}{item.label}</span>
                        {item.description ? <span className="card__description">{item.description}</span> : null}
                      </Link>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </article>
          {data.kind === 'doc' ? <EditLink href={data.editUrl} /> : null}
          <Pager previous={data.previous} next={data.next} label="Docs pages" />
        </div>
        {toc.length > 0 ? <aside className="doc-layout__toc"><TableOfContents items={toc} /></aside> : null}
      </main>
    </div>
  );
}
