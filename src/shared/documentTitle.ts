import type { ClientSiteData, PageMeta } from './types.js';

/**
 * A page's document title: the one it gave with `<Head><title>` as it is; else its title, then
 * the site's name (the home page: its title alone); the site's name for a page without a title.
 */
export function documentTitle(meta: Pick<PageMeta, 'path' | 'title' | 'documentTitle'>, site: Pick<ClientSiteData, 'title' | 'titleDelimiter'>): string {
  if (meta.documentTitle !== undefined) return meta.documentTitle;
  if (!meta.title) return site.title;
  return meta.path === '/' ? meta.title : `${meta.title} ${site.titleDelimiter} ${site.title}`;
}
