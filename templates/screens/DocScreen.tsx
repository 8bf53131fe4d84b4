import type { ComponentType } from 'react';
import { searchScope } from '../../src/client/docsVersion.js';
import { Link } from '../../src/client/navigation.js';
import type { Breadcrumb, CategoryRouteData, DocRouteData, DocsTagRouteData, DocsTagsRouteData, LinkTarget, SidebarView } from '../../src/shared/types.js';
import { CopyPageButton } from '../layout/CopyPageButton.js';
import { DocSidebarColumn } from '../layout/DocSidebarColumn.js';
import { DocVersionBadge, DocVersionBanner } from '../layout/DocVersionBanner.js';
import { DraftBadge } from '../layout/DraftBadge.js';
import { TableOfContents } from '../layout/TableOfContents.js';
import { DocItemFooter } from '../layout/DocItemFooter.js';
import { TagCloud } from '../layout/Tags.js';
import { mdxComponents } from '../mdxComponents.js';

export { EditLink } from '../layout/DocItemFooter.js';

function Breadcrumbs({ items, title }: { items: Breadcrumb[]; title: string }) {
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumbs">
      <ol>
        <li><Link to="/" aria-label="Home page">Home</Link></li>
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
          {withDirection ? <span className="pager__sub">Previous</span> : null}
          <span className="pager__label">« {previous.title}</span>
        </Link>
      ) : <span />}
      {next ? (
        <Link className="pager__link pager__link--next" to={next.permalink}>
          {withDirection ? <span className="pager__sub">Next</span> : null}
          <span className="pager__label">{next.title} »</span>
        </Link>
      ) : null}
    </nav>
  );
}

interface DocScreenProps {
  data: DocRouteData | CategoryRouteData | DocsTagsRouteData | DocsTagRouteData;
  sidebar: SidebarView | null;
  Content: ComponentType<{ components?: object }> | null;
  /** URL of the doc's markdown, for the "Copy page" button. */
  markdownUrl?: string;
}

/** The docs tags overview, or the docs carrying one tag. */
function DocsTagsArticle({ data }: { data: DocsTagsRouteData | DocsTagRouteData }) {
  if (data.kind === 'docsTags') {
    return (
      <article className="markdown">
        <h1>Tags</h1>
        <TagCloud tags={data.tags} />
      </article>
    );
  }
  return (
    <article className="markdown">
      <header className="blog-list__header">
        <h1>{data.title}</h1>
        <Link to={data.allTagsPath}>View all tags</Link>
      </header>
      <ul className="cards">
        {data.docs.map((doc) => (
          <li key={doc.permalink} className="card">
            <Link className="card__link" to={doc.permalink}>
              <span className="card__title">{doc.title}</span>
              {doc.description ? <span className="card__description">{doc.description}</span> : null}
            </Link>
          </li>
        ))}
      </ul>
    </article>
  );
}

/** A doc or a category index: sidebar, breadcrumbs, article, edit link, pager and table of contents. */
export function DocScreen({ data, sidebar, Content, markdownUrl }: DocScreenProps) {
  if (data.kind === 'docsTags' || data.kind === 'docsTag') {
    return (
      <div className="doc-layout doc-layout--no-sidebar">
        <main id="main-content" className="doc-layout__main" tabIndex={-1}>
          <div className="doc-layout__content"><DocsTagsArticle data={data} /></div>
        </main>
      </div>
    );
  }
  const toc = data.kind === 'doc' && !data.hideTableOfContents ? data.toc : [];
  return (
    <div className={`doc-layout${sidebar ? '' : ' doc-layout--no-sidebar'}${data.version?.className ? ` ${data.version.className}` : ''}`}>
      {sidebar ? <DocSidebarColumn view={sidebar} /> : null}
      <main id="main-content" className="doc-layout__main" tabIndex={-1}>
        <div className="doc-layout__content">
          {data.version ? <DocVersionBanner version={data.version} /> : null}
          {data.version ? <DocVersionBadge version={data.version} /> : null}
          <div className="doc-header">
            <Breadcrumbs items={data.breadcrumbs} title={data.title} />
            {data.kind === 'doc' && markdownUrl ? <CopyPageButton url={markdownUrl} /> : null}
          </div>
          <article
            className="markdown"
            data-search-body={data.kind === 'doc' ? '' : undefined}
            data-search-scope={data.kind === 'doc' && data.version ? searchScope(data.version.pluginId, data.version.name) : undefined}
          >
            {data.kind === 'doc' ? (
              <>
                <DraftBadge draft={data.draft} />
                {data.contentHasTitle || data.hideTitle || !data.title ? null : <h1>{data.title}</h1>}
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
          {data.kind === 'doc' ? <DocItemFooter data={data} /> : null}
          <Pager previous={data.previous} next={data.next} label="Docs pages" />
        </div>
        {toc.length > 0 ? <aside className="doc-layout__toc"><TableOfContents items={toc} /></aside> : null}
      </main>
    </div>
  );
}
