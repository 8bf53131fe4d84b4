import { pathToFileURL } from 'node:url';
import type { ClientSiteData, PageMeta, RouteModule, RoutePayload } from '../shared/types.js';

/** One page to render; plain data so it can cross to a worker thread. */
export interface RenderJob {
  /** Route entry name in the server group, or null for routes without a chunk. */
  name: string | null;
  payload: RoutePayload;
  /** React pages may override title and description with their `meta` export. */
  isReactPage: boolean;
}

export type RenderOutcome = { ok: true; bodyHtml: string; meta: PageMeta } | { ok: false; message: string };

/** What a server group file exports (see virtualModules.ts, `sipa:ssr-group:<n>`). */
interface ServerGroup {
  routeModules: Record<string, () => Promise<RouteModule & { meta?: { title?: string; description?: string } }>>;
  renderBody(site: ClientSiteData, route: { payload: RoutePayload; module: RouteModule }): string;
}

/** Renders pages of one server group file, imported once. */
export async function createGroupRenderer(file: string, site: ClientSiteData) {
  const group = (await import(pathToFileURL(file).href)) as ServerGroup;
  return async (job: RenderJob): Promise<RenderOutcome> => {
    try {
      const module = job.name ? await group.routeModules[job.name]!() : {};
      const meta = { ...job.payload.meta };
      if (job.isReactPage && module.meta) {
        meta.title = module.meta.title ?? meta.title;
        meta.description = module.meta.description ?? meta.description;
      }
      const bodyHtml = group.renderBody(site, { payload: { ...job.payload, meta }, module });
      return { ok: true, bodyHtml, meta };
    } catch (error) {
      return { ok: false, message: (error as Error).message };
    }
  };
}
