import { SITE_OUTPUTS, type SiteOutputRecord } from '../../outputs/outputWriter.js';
import { createSiteOutputs, type SiteOutputs } from '../../outputs/siteOutputs.js';
import type { CompiledSite } from './compile.js';
import type { BuildOutput } from './output.js';
import type { SitePlan } from './plan.js';
import type { RenderedSite } from './render.js';
import type { BuildReport, BuildSession } from '../session.js';

/** The site-wide outputs (page markdown, llms.txt, feeds, sitemap), each written by a stage of its own. */
export function siteOutputs(session: BuildSession, plan: SitePlan, compiled: CompiledSite, rendered: RenderedSite, output: BuildOutput, report: BuildReport): SiteOutputs {
  return createSiteOutputs({
    config: plan.config,
    site: plan.siteData,
    base: plan.base,
    model: plan.model,
    routes: plan.routes,
    redirects: plan.redirects,
    feeds: plan.feeds,
    compiled: compiled.pages,
    compileKeys: compiled.keys,
    history: plan.history,
    rendered,
    files: output.last.files,
    outputs: output.last.section<SiteOutputRecord>('outputs'),
    staticFiles: plan.staticFiles,
    keys: session.artifacts.kind(SITE_OUTPUTS),
    warn: report.warn,
  });
}
