import { DocCardGrid } from './DocCards.js';
import { Breadcrumbs, Pager } from './DocNavigation.js';
import { DocVersionBadge, DocVersionBanner } from './DocVersionBanner.js';
import { useCurrentRoute } from './routeContext.js';
import { translate } from '../../src/shared/translate.js';

/** A generated index as Docusaurus gives it to `DocCategoryGeneratedIndexPage` (`categoryGeneratedIndex`). */
export interface CategoryGeneratedIndex {
  title: string;
  description?: string;
  permalink: string;
  navigation: { previous?: { title: string; permalink: string }; next?: { title: string; permalink: string } };
}

export interface DocCategoryGeneratedIndexPageProps {
  categoryGeneratedIndex: CategoryGeneratedIndex;
}

/**
 * `@theme/DocCategoryGeneratedIndexPage`: a category's generated index (Docusaurus's props): its
 * title, description, a card for each item of the category and the previous/next links. The
 * items, breadcrumbs and version come from the page, as Docusaurus takes them from the sidebar.
 */
export function DocCategoryGeneratedIndexPage({ categoryGeneratedIndex: index }: DocCategoryGeneratedIndexPageProps) {
  const route = useCurrentRoute();
  const data = route?.data.kind === 'category' ? route.data : null;
  return (
    <div className="doc-layout__content">
      {data?.version ? <DocVersionBanner version={data.version} /> : null}
      {data?.version ? <DocVersionBadge version={data.version} /> : null}
      <div className="doc-header">
        <Breadcrumbs items={data?.breadcrumbs ?? []} title={index.title} />
      </div>
      <article className="markdown">
        <h1>{index.title}</h1>
        {index.description ? <p className="category__description">{index.description}</p> : null}
        <DocCardGrid items={(data?.items ?? []).map((item) => ({ href: item.href, label: item.label, description: item.description, isCategory: item.isCategory }))} />
      </article>
      <Pager previous={index.navigation.previous ?? null} next={index.navigation.next ?? null} label={translate({ id: 'theme.docs.paginator.navAriaLabel', message: 'Docs pages' })} />
    </div>
  );
}
