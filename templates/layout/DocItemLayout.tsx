import type { ReactNode } from 'react';
import { searchScope } from '../../src/client/docsVersion.js';
import { CopyPageButton } from './CopyPageButton.js';
import { Breadcrumbs, Pager } from './DocNavigation.js';
import { DocItemFooter } from './DocItemFooter.js';
import { DocVersionBadge, DocVersionBanner } from './DocVersionBanner.js';
import { DraftBadge } from './DraftBadge.js';
import { TableOfContents } from './TableOfContents.js';
import { useDocInView } from './docContext.js';
import { translate } from '../../src/shared/translate.js';

export interface DocItemLayoutProps {
  /** The doc's content. */
  children?: ReactNode;
}

/**
 * `@theme/DocItem/Layout`: a doc's page around its content (Docusaurus's props: the content as
 * `children`): the version banner and badge, the breadcrumbs, the title, the article, the doc's
 * footer, the previous/next links and the table of contents. The doc itself comes from the page
 * (`useDoc()` of `@docusaurus/plugin-content-docs/client` reads the same), so a site's
 * replacement that wraps this one passes its props on and nothing else.
 */
export function DocItemLayout({ children }: DocItemLayoutProps) {
  const doc = useDocInView();
  if (!doc) return <>{children}</>;
  const { data, markdownUrl } = doc;
  const toc = data.hideTableOfContents ? [] : data.toc;
  return (
    <>
      <div className="doc-layout__content">
        {data.version ? <DocVersionBanner version={data.version} /> : null}
        {data.version ? <DocVersionBadge version={data.version} /> : null}
        <div className="doc-header">
          <Breadcrumbs items={data.breadcrumbs} title={data.title} />
          {markdownUrl ? <CopyPageButton url={markdownUrl} /> : null}
        </div>
        <article className="markdown" data-search-body="" data-search-scope={data.version ? searchScope(data.version.pluginId, data.version.name) : undefined}>
          <DraftBadge draft={data.draft} />
          {data.contentHasTitle || data.hideTitle || !data.title ? null : <h1>{data.title}</h1>}
          {children}
        </article>
        <DocItemFooter data={data} />
        <Pager previous={data.previous} next={data.next} label={translate({ id: 'theme.docs.paginator.navAriaLabel', message: 'Docs pages' })} />
      </div>
      {toc.length > 0 ? <aside className="doc-layout__toc"><TableOfContents items={toc} /></aside> : null}
    </>
  );
}
