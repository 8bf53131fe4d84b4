import type { ClientSiteData, PageMeta } from './types.js';

/**
 * A page's document title: the one it gave with `<Head><title>` as it is; else its title, then
 * the site's name (the home page: its title alone, or the site's name).
 */
export function documentTitle(meta: Pick<PageMeta, 'path' | 'title' | 'documentTitle'>, site: Pick<ClientSiteData, 'title' | 'titleDelimiter'>): string {
  if (meta.documentTitle !== undefined) return meta.documentTitle;
  return meta.path === '/' ? meta.title || site.title : `${meta.title} ${site.titleDelimiter} ${site.title}`;
}
