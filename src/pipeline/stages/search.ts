import { buildSearchIndex, searchLanguage, type SearchIndexResult, type SearchRecord } from '../../search/buildSearchIndex.js';
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
    bodyKeyOf: (route) => rendered.recorded[route.path]?.bodyKey,
    last: output.last,
    section: output.last.section<SearchRecord>('search'),
    language: searchLanguage(config),
    defer,
  });
}
