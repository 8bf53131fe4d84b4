import { buildSearchIndex, type SearchIndexResult } from '../../search/buildSearchIndex.js';
import type { SiteConfig } from '../../config/types.js';
import { siteLocale } from '../../config/siteLocale.js';
import type { BuildSession } from '../session.js';
import type { BuildOutput } from './output.js';
import type { SitePlan } from './plan.js';
import type { RenderedSite } from './render.js';

/** The `search` stage: the site's search index (see buildSearchIndex, and its `defer`), or null for a site without search. */
export async function indexSite(session: BuildSession, plan: SitePlan, rendered: RenderedSite, output: BuildOutput, defer: boolean): Promise<SearchIndexResult | null> {
  if (!rendered.search) return null;
  const { config } = plan;
  return buildSearchIndex(rendered.search, {
    routes: plan.routes,
    bodyKeyOf: (route) => rendered.manifest[route.path]?.bodyKey,
    outDir: output.outDir,
    staging: output.staging,
    previous: output.previous?.search,
    language: searchLanguage(config),
    defer,
  });
}

/** The language the index stems and splits words in (ISO 639-1): the language of the locale built. */
export function searchLanguage(config: SiteConfig): string {
  return siteLocale(config).htmlLang.split('-')[0]!.toLowerCase();
}
