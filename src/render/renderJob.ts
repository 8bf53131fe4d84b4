import { pathToFileURL } from 'node:url';
import { isExternalUrl, withBase } from '../shared/paths.js';
import type { PageHead } from '../client/pageHead.js';
import type { ClientSiteData, PageMeta, RouteModule, RoutePayload } from '../shared/types.js';
import { setTranslations } from '../shared/translate.js';

/** One page to render; plain data so it can cross to a worker thread. */
export interface RenderJob {
  /** Server group file holding the route (see virtualModules.ts, `sipa:ssr-group:<n>`). */
  file: string;
  site: ClientSiteData;
  /** Route entry name in the server group, or null for routes without a chunk. */
  name: string | null;
  /** A standalone route's module as a function body (see routeChunks.ts), used instead of the group's. */
  moduleBody?: string;
  payload: RoutePayload;
  /** React pages may set title, description, keywords and image with their `meta` export. */
  isReactPage: boolean;
}

export type RenderOutcome = { ok: true; bodyHtml: string; meta: PageMeta } | { ok: false; message: string };

/** What a server group file exports. */
interface ServerGroup {
  routeModules: Record<string, () => Promise<RouteModule & { meta?: { title?: string; description?: string; keywords?: string[]; image?: string } }>>;
  renderBody(site: ClientSiteData, route: { payload: RoutePayload; module: RouteModule }, head?: PageHead): string;
}

/** A `<main>` element's start tag in rendered HTML (React writes every "<" of text as "&lt;"). */
const MAIN_TAG = /<main[\s>]/g;

/**
 * Renders jobs, importing each server group file once. Imported modules are never freed by Node,
 * so `filesLoaded` lets the owner retire a long-lived renderer (a worker) after enough of them.
 */
export function createRenderer() {
  const groups = new Map<string, Promise<ServerGroup>>();
  const render = async (job: RenderJob): Promise<RenderOutcome> => {
    try {
      let group = groups.get(job.file);
      if (!group) {
        group = import(pathToFileURL(job.file).href) as Promise<ServerGroup>;
        groups.set(job.file, group);
      }
      const { routeModules, renderBody } = await group;
      // Before the route's module runs: a page may translate its words when it loads.
      setTranslations(job.site.translations, job.site.locale.htmlLang);
      const module: Awaited<ReturnType<ServerGroup['routeModules'][string]>> = job.moduleBody
        ? (new Function(job.moduleBody)() as RouteModule)
        : job.name
          ? await routeModules[job.name]!()
          : {};
      const meta = { ...job.payload.meta };
      if (job.isReactPage && module.meta) {
        meta.title = module.meta.title ?? meta.title;
        meta.description = module.meta.description ?? meta.description;
        if (module.meta.keywords) meta.keywords = module.meta.keywords;
        const image = module.meta.image;
        if (image) meta.image = isExternalUrl(image) ? image : withBase(job.site.baseUrl, `/${image.replace(/^\/+/, '')}`);
      }
      const head: PageHead = {};
      let bodyHtml = renderBody(job.site, { payload: { ...job.payload, meta }, module }, head);
      if (head.ignored?.length) {
        return { ok: false, message: `<Head> holds ${[...new Set(head.ignored)].join(', ')}, which sipadocs cannot put in the document's head (it takes title, meta, link, script, style and noscript)` };
      }
      if (head.documentTitle !== undefined) meta.documentTitle = head.documentTitle;
      if (head.tags?.length) meta.headTags = head.tags;
      if (job.isReactPage) {
        // A page written for Docusaurus names its title and description in <Layout>.
        if (module.meta?.title === undefined && head.title !== undefined) meta.title = head.title;
        if (module.meta?.description === undefined && head.description !== undefined) meta.description = head.description;
        // The frame's <main> and one of the page's own: render again with a frame that is no landmark.
        if ((bodyHtml.match(MAIN_TAG)?.length ?? 0) > 1) {
          meta.ownMain = true;
          bodyHtml = renderBody(job.site, { payload: { ...job.payload, meta }, module });
        }
      }
      return { ok: true, bodyHtml, meta };
    } catch (error) {
      return { ok: false, message: (error as Error).message };
    }
  };
  return { render, filesLoaded: () => groups.size };
}
