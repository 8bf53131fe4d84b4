import type { ComponentType, ReactNode } from 'react';
import { Link } from '../../src/client/navigation.js';
import type {
  Author, AuthorSummary, BlogArchiveRouteData, BlogAuthorsRouteData, BlogListRouteData, BlogPostRouteData, BlogPostSummary, BlogTagsRouteData, ClientSiteData, LinkTarget,
} from '../../src/shared/types.js';
import { joinSitePath } from '../../src/shared/paths.js';
import { DraftBadge } from '../layout/DraftBadge.js';
import { TableOfContents } from '../layout/TableOfContents.js';
import { TagCloud, Tags } from '../layout/Tags.js';
import { mdxComponents } from '../mdxComponents.js';
import { EditLink } from '../layout/DocItemFooter.js';
import { Pager } from '../layout/DocNavigation.js';
import { selectPlural, translate } from '../../src/shared/translate.js';

type Mdx = ComponentType<{ components?: object }>;

function RecentPosts({ posts }: { posts: LinkTarget[] }) {
  return (
    <nav className="blog-sidebar" aria-label={translate({ id: 'theme.blog.sidebar.navAriaLabel', message: 'Recent blog posts' })}>
      <h2 className="blog-sidebar__title">{translate({ id: 'sipadocs.blog.sidebar.title', message: 'Recent posts' })}</h2>
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

/** An author's name: a link to their page on the blog when they have one, else to their URL. */
function AuthorName({ author }: { author: Author }) {
  if (author.page) return <Link className="author__name" to={author.page}>{author.name}</Link>;
  if (author.url) return <a href={author.url} target="_blank" rel="noopener noreferrer" className="author__name">{author.name}</a>;
  return <span className="author__name">{author.name}</span>;
}

/**
 * An author's picture, a link to the same place as their name when that is a link (as Docusaurus
 * makes it). The name's link is the one assistive technology and the keyboard reach; this one is a
 * larger target for the pointer only.
 */
function AuthorImage({ author, size, linked = true }: { author: Author; size: number; linked?: boolean }) {
  if (!author.imageUrl) return null;
  const image = <img className="author__image" src={author.imageUrl} alt="" width={size} height={size} loading="lazy" />;
  if (!linked) return image;
  if (author.page) return <Link className="author__image-link" to={author.page} aria-hidden="true" tabIndex={-1}>{image}</Link>;
  if (author.url) return <a className="author__image-link" href={author.url} target="_blank" rel="noopener noreferrer" aria-hidden="true" tabIndex={-1}>{image}</a>;
  return image;
}

/** An author's profiles elsewhere (`socials`), as links named by their platform. */
function AuthorSocials({ author }: { author: Author }) {
  if (!author.socials?.length) return null;
  return (
    <span className="author__socials">
      {author.socials.map((social) =>
        social.url.startsWith('mailto:') ? (
          <a key={social.platform} className="author__social" href={social.url}>{social.label}</a>
        ) : (
          <a key={social.platform} className="author__social" href={social.url} target="_blank" rel="noopener noreferrer">{social.label}</a>
        ),
      )}
    </span>
  );
}

/** An author as the authors page and their own page show them: picture, name, title and number of posts. */
function AuthorCard({ author, heading }: { author: AuthorSummary; heading: 'h1' | 'h2' }) {
  const Heading = heading;
  return (
    <div className="author author--card">
      <AuthorImage author={author} size={64} linked={heading === 'h2'} />
      <span>
        <Heading className="author__heading">{heading === 'h2' ? <AuthorName author={author} /> : author.name}</Heading>
        {author.title ? <span className="author__title">{author.title}</span> : null}
        <AuthorSocials author={author} />
        <span className="author__count">{author.count} post{author.count === 1 ? '' : 's'}</span>
      </span>
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
        {site.blog.showReadingTime ? <> · {selectPlural(translate({ id: 'theme.blog.post.readingTime.plurals', message: '{readingTime} min read' }, { readingTime: post.readingTimeMinutes }), post.readingTimeMinutes)}</> : null}
      </p>
      {post.authors.length > 0 ? (
        <ul className="post-header__authors">
          {post.authors.map((author) => (
            <li key={author.key} className="author">
              <AuthorImage author={author} size={40} />
              <span>
                <AuthorName author={author} />
                {author.title ? <span className="author__title">{author.title}</span> : null}
                <AuthorSocials author={author} />
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </header>
  );
}

export function BlogListScreen({ data, excerpts, site }: { data: BlogListRouteData; excerpts: Mdx[]; site: ClientSiteData }) {
  return (
    <BlogLayout recent={data.recentPosts}>
      <header className="blog-list__header">
        {/* The blog's own list names itself only to screen readers, as Docusaurus's shows no title; a tag's or author's list shows its title. */}
        {data.author ? <AuthorCard author={data.author} heading="h1" /> : <h1 className={data.tag ? undefined : 'visually-hidden'}>{data.title}</h1>}
        {data.tag ? <Link to={joinSitePath(site.blog.routeBasePath, 'tags')}>{translate({ id: 'theme.tags.tagsPageLink', message: 'View all tags' })}</Link> : null}
        {data.author ? <Link to={joinSitePath(site.blog.routeBasePath, 'authors')}>{translate({ id: 'theme.blog.authorsList.viewAll', message: 'View all authors' })}</Link> : null}
      </header>
      {data.posts.map((post, i) => {
        const Excerpt = excerpts[i];
        return (
          <article key={post.id} className="post-card">
            <PostHeader post={post} site={site} headingLevel={2} linkTitle />
            <div className="markdown">{Excerpt ? <Excerpt components={mdxComponents} /> : null}</div>
            <footer className="post-card__footer post__footer">
              <Tags tags={post.tags} />
              {post.hasTruncateMarker ? (
                <Link className="post-card__more" to={post.permalink} aria-label={translate({ id: 'theme.blog.post.readMoreLabel', message: 'Read more about {title}' }, { title: post.title })}>{translate({ id: 'theme.blog.post.readMore', message: 'Read more' })}</Link>
              ) : null}
            </footer>
          </article>
        );
      })}
      <Pager
        previous={data.previousPage ? { title: translate({ id: 'theme.blog.paginator.newerEntries', message: 'Newer entries' }), permalink: data.previousPage } : null}
        next={data.nextPage ? { title: translate({ id: 'theme.blog.paginator.olderEntries', message: 'Older entries' }), permalink: data.nextPage } : null}
        label={translate({ id: 'theme.blog.paginator.navAriaLabel', message: 'Blog list pages' })}
        withDirection={false}
      />
    </BlogLayout>
  );
}

export function BlogPostScreen({ data, Content, site }: { data: BlogPostRouteData; Content: Mdx | null; site: ClientSiteData }) {
  return (
    <BlogLayout recent={data.recentPosts} toc={data.toc.length > 0 ? <TableOfContents items={data.toc} /> : null}>
      <article className="post" data-search-body="">
        <DraftBadge draft={data.draft} />
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
        label={translate({ id: 'theme.blog.post.paginator.navAriaLabel', message: 'Blog post navigation' })}
      />
    </BlogLayout>
  );
}

export function BlogTagsScreen({ data }: { data: BlogTagsRouteData }) {
  return (
    <BlogLayout recent={data.recentPosts}>
      <h1>{translate({ id: 'theme.tags.tagsPageTitle', message: 'Tags' })}</h1>
      <TagCloud tags={data.tags} />
    </BlogLayout>
  );
}

export function BlogAuthorsScreen({ data }: { data: BlogAuthorsRouteData }) {
  return (
    <BlogLayout recent={data.recentPosts}>
      <h1>{translate({ id: 'theme.blog.authorsList.pageTitle', message: 'Authors' })}</h1>
      <ul className="authors-list">
        {data.authors.map((author) => (
          <li key={author.key}><AuthorCard author={author} heading="h2" /></li>
        ))}
      </ul>
    </BlogLayout>
  );
}

export function BlogArchiveScreen({ data }: { data: BlogArchiveRouteData }) {
  return (
    <main id="main-content" className="archive" tabIndex={-1}>
      <h1>{translate({ id: 'theme.blog.archive.title', message: 'Archive' })}</h1>
      {data.years.map((year) => (
        <section key={year.year} className="archive__year">
          {/* The year is the section's anchor, as on Docusaurus's archive: /blog/archive#2024. */}
          <h2 id={year.year}>{year.year}</h2>
          <ul>
            {year.posts.map((post) => (
              <li key={post.permalink}>
                {/* "June 4 - Title", the whole line a link, as on Docusaurus's archive. */}
                <Link to={post.permalink}>
                  <time dateTime={post.date}>{post.monthDay}</time> - {post.title}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </main>
  );
}
