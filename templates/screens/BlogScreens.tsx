import type { ComponentType, ReactNode } from 'react';
import { Link } from '../../src/client/navigation.js';
import type {
  BlogArchiveRouteData, BlogListRouteData, BlogPostRouteData, BlogPostSummary, BlogTagsRouteData, ClientSiteData, LinkTarget,
} from '../../src/shared/types.js';
import { TableOfContents } from '../layout/TableOfContents.js';
import { mdxComponents } from '../mdxComponents.js';
import { EditLink, Pager } from './DocScreen.js';

type Mdx = ComponentType<{ components?: object }>;

function RecentPosts({ posts }: { posts: LinkTarget[] }) {
  return (
    <nav className="blog-sidebar" aria-label="Recent blog posts">
      <h2 className="blog-sidebar__title">Recent posts</h2>
      <ul>
        {posts.map((post) => (
          <li key={post.permalink}><Link to={post.permalink}>{post.title}</Link></li>
        ))}
      </ul>
    </nav>
  );
}

function BlogLayout({ recent, children, toc }: { recent: LinkTarget[]; children: ReactNode; toc?: ReactNode }) {
  return (
    <div className="blog-layout">
      <aside className="blog-layout__sidebar"><RecentPosts posts={recent} /></aside>
      <main id="main-content" className="blog-layout__main" tabIndex={-1}>{children}</main>
      {toc ? <aside className="blog-layout__toc">{toc}</aside> : null}
    </div>
  );
}

function PostHeader({ post, site, headingLevel, linkTitle }: { post: BlogPostSummary; site: ClientSiteData; headingLevel: 1 | 2; linkTitle: boolean }) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <header className="post-header">
      <Heading className="post-header__title">{linkTitle ? <Link to={post.permalink}>{post.title}</Link> : post.title}</Heading>
      <p className="post-header__meta">
        <time dateTime={post.date}>{post.formattedDate}</time>
        {site.blog.showReadingTime ? <> · {post.readingTimeMinutes} min read</> : null}
      </p>
      {post.authors.length > 0 ? (
        <ul className="post-header__authors">
          {post.authors.map((author) => (
            <li key={author.key} className="author">
              {author.imageUrl ? <img className="author__image" src={author.imageUrl} alt="" width="40" height="40" loading="lazy" /> : null}
              <span>
                {author.url ? <a href={author.url} target="_blank" rel="noopener noreferrer" className="author__name">{author.name}</a> : <span className="author__name">{author.name}</span>}
                {author.title ? <span className="author__title">{author.title}</span> : null}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </header>
  );
}

function Tags({ tags }: { tags: BlogPostSummary['tags'] }) {
  if (tags.length === 0) return null;
  return (
    <ul className="tags" aria-label="Tags">
      {tags.map((tag) => (
        <li key={tag.permalink}><Link className="tag" to={tag.permalink}>{tag.label}</Link></li>
      ))}
    </ul>
  );
}

export function BlogListScreen({ data, excerpts, site }: { data: BlogListRouteData; excerpts: Mdx[]; site: ClientSiteData }) {
  return (
    <BlogLayout recent={data.recentPosts}>
      <header className="blog-list__header">
        <h1>{data.title}</h1>
        {data.tag ? <Link to={`${site.blog.routeBasePath}/tags`}>View all tags</Link> : null}
      </header>
      {data.posts.map((post, i) => {
        const Excerpt = excerpts[i];
        return (
          <article key={post.id} className="post-card">
            <PostHeader post={post} site={site} headingLevel={2} linkTitle />
            <div className="markdown">{Excerpt ? <Excerpt components={mdxComponents} /> : null}</div>
            <footer className="post-card__footer">
              <Tags tags={post.tags} />
              {post.hasTruncateMarker ? (
                <Link className="post-card__more" to={post.permalink} aria-label={`Read more about ${post.title}`}>Read more</Link>
              ) : null}
            </footer>
          </article>
        );
      })}
      <Pager
        previous={data.previousPage ? { title: 'Newer posts', permalink: data.previousPage } : null}
        next={data.nextPage ? { title: 'Older posts', permalink: data.nextPage } : null}
        label="Blog list pages"
      />
    </BlogLayout>
  );
}

export function BlogPostScreen({ data, Content, site }: { data: BlogPostRouteData; Content: Mdx | null; site: ClientSiteData }) {
  return (
    <BlogLayout recent={data.recentPosts} toc={data.toc.length > 0 ? <TableOfContents items={data.toc} /> : null}>
      <article className="post">
        <PostHeader post={data.post} site={site} headingLevel={1} linkTitle={false} />
        <div className="markdown">{Content ? <Content components={mdxComponents} /> : null}</div>
        <footer className="post__footer">
          <Tags tags={data.post.tags} />
          <EditLink href={data.editUrl} />
        </footer>
      </article>
      <Pager
        previous={data.newer ? { title: data.newer.title, permalink: data.newer.permalink } : null}
        next={data.older ? { title: data.older.title, permalink: data.older.permalink } : null}
        label="Blog post navigation"
      />
    </BlogLayout>
  );
}

export function BlogTagsScreen({ data }: { data: BlogTagsRouteData }) {
  return (
    <BlogLayout recent={data.recentPosts}>
      <h1>Tags</h1>
      <ul className="tags tags--large">
        {data.tags.map((tag) => (
          <li key={tag.permalink}><Link className="tag" to={tag.permalink}>{tag.label} <span className="tag__count">{tag.count}</span></Link></li>
        ))}
      </ul>
    </BlogLayout>
  );
}

export function BlogArchiveScreen({ data }: { data: BlogArchiveRouteData }) {
  return (
    <main id="main-content" className="archive" tabIndex={-1}>
      <h1>Archive</h1>
      {data.years.map((year) => (
        <section key={year.year} className="archive__year">
          <h2>{year.year}</h2>
          <ul>
            {year.posts.map((post) => (
              <li key={post.permalink}>
                <time dateTime={post.date}>{post.formattedDate}</time> — <Link to={post.permalink}>{post.title}</Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </main>
  );
}
