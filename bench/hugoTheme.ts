/**
 * The Hugo side of the benchmark's comparison: the site config and a minimal theme (layouts only,
 * no external theme) that make Hugo do the work sipadocs does for the same generated corpus.
 *
 * Every doc page has a navbar, the docs sidebar (the section tree with only the current page's
 * ancestors expanded, as sipadocs draws it with `sidebarCollapsed: true`), breadcrumbs, the table
 * of contents, the content with code highlighted by Chroma, previous/next links in sidebar order
 * and a footer. The blog has its paginated list, post pages, tag pages, the tags list and an
 * archive. Like sipadocs, Hugo writes no feeds and no sitemap here.
 *
 * Written for and checked with Hugo 0.111 (Debian's). With another version, the benchmark's check
 * of Hugo's output (hugo.ts) says whether its pages still match sipadocs's.
 */

/** `hugo.json`: the config, with the site's identity passed in. */
export function hugoConfig(site: { title: string; url: string }): string {
  const config = {
    baseURL: site.url.endsWith('/') ? site.url : `${site.url}/`,
    title: site.title,
    languageCode: 'en',
    // sipadocs writes neither feeds nor a sitemap for this site.
    disableKinds: ['RSS', 'sitemap', 'robotsTXT'],
    permalinks: { blog: '/blog/:slug/', tags: '/blog/tags/:slug/' },
    taxonomies: { tag: 'tags' },
    // Ten posts per list page as in sipadocs. 10 is also the default of Hugo versions older than
    // 0.128, which read `paginate` instead of this key.
    pagination: { pagerSize: 10 },
    markup: {
      // Chroma, inline colours: one highlighting pass per code block, nothing else to load.
      highlight: { codeFences: true, noClasses: true, style: 'github', guessSyntax: false },
      tableOfContents: { startLevel: 2, endLevel: 3, ordered: false },
    },
  };
  return JSON.stringify(config, null, 2) + '\n';
}

const BASEOF = `<!doctype html>
<html lang="{{ site.LanguageCode }}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ if .IsHome }}{{ site.Title }}{{ else }}{{ .Title }} | {{ site.Title }}{{ end }}</title>
{{ with .Description }}<meta name="description" content="{{ . }}">{{ end }}
<link rel="canonical" href="{{ .Permalink }}">
<link rel="stylesheet" href="/theme.css">
</head>
<body>
<a class="skip-link" href="#main-content">Skip to main content</a>
<nav class="navbar" aria-label="Main">
  <a class="navbar__brand" href="/">{{ site.Title }}</a>
  <a href="/docs/intro/">Docs</a>
  <a href="/blog/">Blog</a>
</nav>
<main id="main-content">{{ block "main" . }}{{ end }}</main>
<footer class="footer">Copyright © {{ now.Year }} {{ site.Title }}</footer>
</body>
</html>
`;

const DOC_SINGLE = `{{ define "main" }}
{{ $docs := site.GetPage "/docs" }}
<div class="doc-layout">
  <nav class="sidebar" aria-label="Docs sidebar">{{ partial "docs-sidebar.html" (dict "section" $docs "page" .) }}</nav>
  <article class="doc">
    <nav class="breadcrumbs" aria-label="Breadcrumbs">
      <a href="/">Home</a>
      {{- range .Ancestors.Reverse }}{{ if not (or .IsHome (.Eq $docs)) }} › <span>{{ .LinkTitle }}</span>{{ end }}{{ end }}
      › <span aria-current="page">{{ .LinkTitle }}</span>
    </nav>
    <h1>{{ .Title }}</h1>
    {{ .Content }}
    {{ $neighbours := partialCached "docs-neighbours.html" $docs }}
    <nav class="pagination-nav" aria-label="Docs pages">
      {{ with index ($neighbours.Get "prev") .RelPermalink }}<a rel="prev" href="{{ .RelPermalink }}">Previous: {{ .LinkTitle }}</a>{{ end }}
      {{ with index ($neighbours.Get "next") .RelPermalink }}<a rel="next" href="{{ .RelPermalink }}">Next: {{ .LinkTitle }}</a>{{ end }}
    </nav>
  </article>
  <aside class="toc">{{ .TableOfContents }}</aside>
</div>
{{ end }}
`;

/** The sidebar below one section; a category is expanded only when it holds the current page. */
const DOCS_SIDEBAR = `<ul class="sidebar__list">
{{- range .section.Pages }}
  {{- if .IsSection }}
    {{- $open := $.page.IsDescendant . }}
    <li class="sidebar__category{{ if $open }} sidebar__category--open{{ end }}">
      <button type="button" aria-expanded="{{ $open }}">{{ .LinkTitle }}</button>
      {{- if $open }}{{ partial "docs-sidebar.html" (dict "section" . "page" $.page) }}{{ end }}
    </li>
  {{- else }}
    {{- $current := eq .RelPermalink $.page.RelPermalink }}
    <li><a class="sidebar__link{{ if $current }} sidebar__link--active{{ end }}" href="{{ .RelPermalink }}"{{ if $current }} aria-current="page"{{ end }}>{{ .LinkTitle }}</a></li>
  {{- end }}
{{- end }}
</ul>
`;

/**
 * Previous and next doc of every doc in sidebar order, worked out once for the site (called
 * through partialCached): a Scratch whose maps "prev" and "next" are keyed by RelPermalink.
 */
const DOCS_NEIGHBOURS = `{{ $s := newScratch }}
{{ partial "docs-walk.html" (dict "section" . "s" $s) }}
{{ return $s }}
`;

/** Depth-first walk of the docs tree in sidebar order (weight), linking each doc to the one before. */
const DOCS_WALK = `{{ range .section.Pages }}
  {{- if .IsSection }}
    {{- partial "docs-walk.html" (dict "section" . "s" $.s) }}
  {{- else }}
    {{- $last := $.s.Get "last" }}
    {{- if $last }}
      {{- $.s.SetInMap "next" $last.RelPermalink . }}
      {{- $.s.SetInMap "prev" .RelPermalink $last }}
    {{- end }}
    {{- $.s.Set "last" . }}
  {{- end }}
{{- end }}
`;

const POST_META = `<p class="post-meta">
  <time datetime="{{ .Date.Format "2006-01-02" }}">{{ .Date.Format "January 2, 2006" }}</time>
  · {{ .ReadingTime }} min read
  {{ range .Params.authors }} · {{ with index site.Data.authors . }}{{ .name }}{{ end }}{{ end }}
</p>
`;

const POST_LIST = `{{ $pager := .Paginate .Pages }}
{{ range $pager.Pages }}
<article class="post-preview">
  <h2><a href="{{ .RelPermalink }}">{{ .Title }}</a></h2>
  {{ partial "post-meta.html" . }}
  {{ .Summary }}
  {{ if .Truncated }}<p><a href="{{ .RelPermalink }}">Read more</a></p>{{ end }}
</article>
{{ end }}
{{ template "_internal/pagination.html" . }}
`;

const RECENT_POSTS = `<nav class="blog-sidebar" aria-label="Recent posts">
  <h2>Recent posts</h2>
  <ul>{{ range first 5 (where site.RegularPages "Section" "blog") }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul>
</nav>
`;

const BLOG_LIST = `{{ define "main" }}
<div class="blog-layout">
  {{ partialCached "recent-posts.html" . "recent" }}
  <div class="blog-list"><h1>Blog</h1>{{ partial "post-list.html" . }}</div>
</div>
{{ end }}
`;

const BLOG_SINGLE = `{{ define "main" }}
<div class="blog-layout">
  {{ partialCached "recent-posts.html" . "recent" }}
  <article class="post">
    <h1>{{ .Title }}</h1>
    {{ partial "post-meta.html" . }}
    {{ .Content }}
    <p class="post-tags">Tags: {{ range .GetTerms "tags" }}<a href="{{ .RelPermalink }}">{{ .LinkTitle }}</a> {{ end }}</p>
    <nav class="pagination-nav" aria-label="Blog posts">
      {{ with .NextInSection }}<a rel="prev" href="{{ .RelPermalink }}">Newer: {{ .Title }}</a>{{ end }}
      {{ with .PrevInSection }}<a rel="next" href="{{ .RelPermalink }}">Older: {{ .Title }}</a>{{ end }}
    </nav>
  </article>
  <aside class="toc">{{ .TableOfContents }}</aside>
</div>
{{ end }}
`;

const TAGS_LIST = `{{ define "main" }}
<h1>Tags</h1>
<ul class="tags">{{ range .Data.Terms.Alphabetical }}<li><a href="{{ .Page.RelPermalink }}">{{ .Page.LinkTitle }} ({{ .Count }})</a></li>{{ end }}</ul>
{{ end }}
`;

const TAG_PAGE = `{{ define "main" }}
<div class="blog-layout">
  {{ partialCached "recent-posts.html" . "recent" }}
  <div class="blog-list"><h1>Posts tagged "{{ .Title }}"</h1>{{ partial "post-list.html" . }}</div>
</div>
{{ end }}
`;

const ARCHIVE = `{{ define "main" }}
<h1>Archive</h1>
{{ range (where site.RegularPages "Section" "blog").GroupByDate "2006" }}
<h2>{{ .Key }}</h2>
<ul>{{ range .Pages }}<li><time>{{ .Date.Format "January 2" }}</time> <a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul>
{{ end }}
{{ end }}
`;

const HOME = `{{ define "main" }}
<h1>{{ .Title }}</h1>
{{ .Content }}
{{ end }}
`;

const NOT_FOUND = `{{ define "main" }}
<h1>Page not found</h1>
<p>We could not find what you were looking for. <a href="/">Back to the home page</a>.</p>
{{ end }}
`;

const THEME_CSS = `body { margin: 0; font-family: system-ui, sans-serif; line-height: 1.6; }
.navbar, .footer { display: flex; gap: 1rem; padding: 0.75rem 1rem; background: #f3f4f6; }
.doc-layout, .blog-layout { display: grid; grid-template-columns: 16rem minmax(0, 1fr) 14rem; gap: 2rem; padding: 1rem; }
.sidebar__list { list-style: none; padding-left: 0.75rem; }
.sidebar__link--active { font-weight: bold; }
.highlight pre { padding: 0.75rem; overflow-x: auto; }
.skip-link { position: absolute; left: -999px; }
.skip-link:focus { left: 1rem; }
`;

/** The theme's files, by path relative to the Hugo site's folder. */
export function hugoThemeFiles(): Map<string, string> {
  return new Map([
    ['layouts/_default/baseof.html', BASEOF],
    ['layouts/_default/single.html', HOME],
    ['layouts/_default/list.html', HOME],
    ['layouts/_default/terms.html', TAGS_LIST],
    ['layouts/_default/term.html', TAG_PAGE],
    ['layouts/_default/archive.html', ARCHIVE],
    ['layouts/index.html', HOME],
    ['layouts/404.html', NOT_FOUND],
    ['layouts/docs/single.html', DOC_SINGLE],
    ['layouts/blog/list.html', BLOG_LIST],
    ['layouts/blog/single.html', BLOG_SINGLE],
    ['layouts/partials/docs-sidebar.html', DOCS_SIDEBAR],
    ['layouts/partials/docs-neighbours.html', DOCS_NEIGHBOURS],
    ['layouts/partials/docs-walk.html', DOCS_WALK],
    ['layouts/partials/post-meta.html', POST_META],
    ['layouts/partials/post-list.html', POST_LIST],
    ['layouts/partials/recent-posts.html', RECENT_POSTS],
    ['static/theme.css', THEME_CSS],
  ]);
}
