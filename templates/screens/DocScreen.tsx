import type { ComponentType } from 'react';
import { Link } from '../../src/client/navigation.js';
import type { CategoryRouteData, DocRouteData, DocsTagRouteData, DocsTagsRouteData, SidebarView } from '../../src/shared/types.js';
import { DocCategoryGeneratedIndexPage, type CategoryGeneratedIndex } from '../layout/DocCategoryGeneratedIndexPage.js';
import { DocItemLayout } from '../layout/DocItemLayout.js';
import { DocContext } from '../layout/docContext.js';
import { DocSidebarColumn } from '../layout/DocSidebarColumn.js';
import { TagCloud } from '../layout/Tags.js';
import { mdxComponents } from '../mdxComponents.js';
import { translate } from '../../src/shared/translate.js';

interface DocScreenProps {
  data: DocRouteData | CategoryRouteData | DocsTagsRouteData | DocsTagRouteData;
  sidebar: SidebarView | null;
  Content: ComponentType<{ components?: object }> | null;
  /** URL of the doc's markdown, for the "Copy page" button. */
  markdownUrl?: string;
  /** The page's route (a category's `permalink`). */
  path?: string;
}

/** The docs tags overview, or the docs carrying one tag. */
function DocsTagsArticle({ data }: { data: DocsTagsRouteData | DocsTagRouteData }) {
  if (data.kind === 'docsTags') {
    return (
      <article className="markdown">
        <h1>{translate({ id: 'theme.tags.tagsPageTitle', message: 'Tags' })}</h1>
        <TagCloud tags={data.tags} />
      </article>
    );
  }
  return (
    <article className="markdown">
      <header className="blog-list__header">
        <h1>{data.title}</h1>
        <Link to={data.allTagsPath}>{translate({ id: 'theme.tags.tagsPageLink', message: 'View all tags' })}</Link>
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

/** A doc or a category index: sidebar, then the doc's layout (`DocItem/Layout`) or the category's page (`DocCategoryGeneratedIndexPage`). */
export function DocScreen({ data, sidebar, Content, markdownUrl, path }: DocScreenProps) {
  if (data.kind === 'docsTags' || data.kind === 'docsTag') {
    return (
      <div className="doc-layout doc-layout--no-sidebar">
        <main id="main-content" className="doc-layout__main" tabIndex={-1}>
          <div className="doc-layout__content"><DocsTagsArticle data={data} /></div>
        </main>
      </div>
    );
  }
  return (
    <div className={`doc-layout${sidebar ? '' : ' doc-layout--no-sidebar'}${data.version?.className ? ` ${data.version.className}` : ''}`}>
      {sidebar ? <DocSidebarColumn view={sidebar} /> : null}
      <main id="main-content" className="doc-layout__main" tabIndex={-1}>
        {data.kind === 'doc' ? (
          <DocContext.Provider value={{ data, markdownUrl }}>
            <DocItemLayout>{Content ? <Content components={mdxComponents} /> : null}</DocItemLayout>
          </DocContext.Provider>
        ) : (
          <DocCategoryGeneratedIndexPage categoryGeneratedIndex={categoryIndexProps(data, path ?? '')} />
        )}
      </main>
    </div>
  );
}

/** A category's page as Docusaurus gives it to `DocCategoryGeneratedIndexPage`. */
function categoryIndexProps(data: CategoryRouteData, permalink: string): CategoryGeneratedIndex {
  return {
    title: data.title,
    ...(data.description ? { description: data.description } : {}),
    permalink,
    navigation: { ...(data.previous ? { previous: data.previous } : {}), ...(data.next ? { next: data.next } : {}) },
  };
}
