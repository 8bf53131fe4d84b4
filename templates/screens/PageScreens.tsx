import type { ComponentType } from 'react';
import { Link } from '../../src/client/navigation.js';
import type { ClientSiteData, PageRouteData } from '../../src/shared/types.js';
import useDocusaurusContext from '../docusaurus/useDocusaurusContext.js';
import { DraftBadge } from '../layout/DraftBadge.js';
import { TableOfContents } from '../layout/TableOfContents.js';
import { mdxComponents } from '../mdxComponents.js';
import { linkTarget } from '../../src/shared/paths.js';
import { translate } from '../../src/shared/translate.js';

export function PageScreen({ data, Content, ownMain }: { data: PageRouteData; Content: ComponentType<{ components?: object; config?: object }> | null; ownMain?: boolean }) {
  // As in Docusaurus, a React page gets the site's config as its `config` prop.
  const { siteConfig } = useDocusaurusContext();
  if (!data.markdown) {
    const page = Content ? <Content config={siteConfig} /> : null;
    // A page with a <main> of its own is not nested in another one (one main landmark per page).
    return ownMain ? (
      <div id="main-content" className="page-frame" tabIndex={-1} data-search-body="">{page}</div>
    ) : (
      <main id="main-content" tabIndex={-1} data-search-body="">{page}</main>
    );
  }
  return (
    <main id="main-content" className="md-page" tabIndex={-1}>
      <article className="markdown md-page__article" data-search-body="">
        <DraftBadge draft={data.draft} />
        {Content ? <Content components={mdxComponents} /> : null}
      </article>
      {data.toc.length > 0 ? <aside className="md-page__toc"><TableOfContents items={data.toc} /></aside> : null}
    </main>
  );
}

export function NotFoundScreen({ site }: { site: ClientSiteData }) {
  return (
    <main id="main-content" className="not-found" tabIndex={-1}>
      <h1>{translate({ id: 'theme.NotFound.title', message: 'Page not found' })}</h1>
      <p>{translate({ id: 'theme.NotFound.p1', message: 'We could not find the page you asked for. It may have moved when the documentation was reorganised, or the link may contain a typo.' })}</p>
      <ul className="not-found__links">
        <li><Link to="/">{translate({ id: 'sipadocs.NotFound.homeLink', message: 'Go to the home page' })}</Link></li>
        {site.navbar.items.filter((item) => item.to).map((item) => (
          <li key={item.to}><Link {...linkTarget(item.to!)}>{item.label}</Link></li>
        ))}
      </ul>
    </main>
  );
}
