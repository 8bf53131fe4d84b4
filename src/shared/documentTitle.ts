import type { ClientSiteData, PageMeta } from './types.js';

/**
 * A page's document title: the one it gave with `<Head><title>` as it is; else its title, then
 * the site's name (the home page: its title alone, or the site's name); a page whose title is
 * empty (`title: ""`) has the site's name alone, as in Docusaurus.
 */
export function documentTitle(meta: Pick<PageMeta, 'path' | 'title' | 'documentTitle'>, site: Pick<ClientSiteData, 'title' | 'titleDelimiter'>): string {
  if (meta.documentTitle !== undefined) return meta.documentTitle;
  const title = meta.title.trim();
  return meta.path === '/' || title === '' ? title || site.title : `${title} ${site.titleDelimiter} ${site.title}`;
}
