import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { SiteConfig } from '../../config/types.js';
import type { ClientBundle } from '../../bundle/bundleSite.js';
import { standaloneFunctionBody, standaloneModule } from '../../bundle/routeChunks.js';
import { sharedModuleSpecifiers } from '../../bundle/sharedModules.js';
import { stageImages } from '../../compiler/compile/images.js';
import { IMAGE_VARIANTS } from '../../compiler/compile/imageEncoder.js';
import { contentAnchors, type PlannedRoute } from '../../model/routes.js';
import { listBaseOf } from '../../model/sidebarLists.js';
import { prepareSidebarViews } from '../../model/sidebarView.js';
import { sidebarViewName } from '../../model/navItems.js';
import { feedLinksFor } from '../../outputs/feeds.js';
import { PAGE_DOCUMENTS, renderPages, RENDERED_BODIES, type PageRecord, type RenderPagesResult } from '../../render/renderPages.js';
import { createSearchCollector, indexesEveryPage, INDEX_ENTRY, isSearchable, SEARCH_INDEXES, searchLanguage, type SearchCollector, type SearchRecord } from '../../search/buildSearchIndex.js';
import { SEARCH_DOCUMENTS } from '../../search/searchStore.js';
import { shownPath } from '../locations.js';
import type { BuildReport, BuildSession } from '../session.js';
import type { CompiledSite } from './compile.js';
import type { CompiledPage } from '../../compiler/mdx/compile.js';
import type { BuildOutput } from './output.js';
import type { SitePlan } from './plan.js';

export interface RenderedSite extends RenderPagesResult {
  /** The search documents of the pages rendered or reused, read while their body was at hand; null for a site without search. */
  search: SearchCollector | null;
}

/**
 * The `render` stage: every route's HTML and payload into the staging folder, with the sidebar
 * trees and the images the pages use. Pages whose content has inline event handlers, which the
 * site's Content-Security-Policy blocks, are reported.
 */
export async function renderSite(session: BuildSession, plan: SitePlan, compiled: CompiledSite, client: ClientBundle, output: BuildOutput, report: BuildReport): Promise<RenderedSite> {
  const { config, routes, virtual } = plan;
  const { files } = output.last;
  const sidebarViews = new Map(plan.model.sidebars.map((s) => [s.id, prepareSidebarViews(s.id, s.items, sidebarViewName(s), listBaseOf(s, plan.model))]));
  // Named by their content: the last good output's copy is kept.
  for (const views of sidebarViews.values()) if (!files.keep(views.file, Buffer.byteLength(views.json))) files.write(views.file, views.json);
  // Resized copies are encoded (or found) while the pages render.
  const images = stageImages(compiled.images, files, { settings: config.images, variants: session.artifacts.kind(IMAGE_VARIANTS) });
  images.catch(() => {}); // awaited below; a failure of rendering must not leave it unhandled
  const search = plan.siteData.search ? searchCollector(session, config, output, routes) : null;
  const sharedSpecifiers = new Set(sharedModuleSpecifiers());
  const result = await renderPages(
    {
      routes,
      config,
      site: plan.siteData,
      client,
      entryNames: plan.entryNames,
      inlineCss: session.inlineCss ? await readEntryCss(client.entry.css, config.baseUrl, files.dir) : undefined,
      parts: {
        sidebar: (route) => {
          const views = route.sidebarId ? sidebarViews.get(route.sidebarId) : undefined;
          const view = views?.viewFor(route.path, config.baseUrl);
          return views && view ? { view, ref: views.refOf(view) } : null;
        },
        anchors: (route) => contentAnchors(route, compiled.pages),
        alternates: (route) => feedLinksFor(route, plan.feeds, config.baseUrl),
        standaloneBody: (name) => {
          const text = standaloneModule(name, virtual, sharedSpecifiers);
          return text === null ? null : standaloneFunctionBody(text);
        },
      },
      bundleServer: async (groups) => {
        const files = await session.bundlers.server.bundle(virtual, output.ssrDir, config.baseUrl, groups);
        // The last reading of the pages' code: what renders them holds it now. (The locales of a
        // site share their compiled pages, and each bundles them: those keep the code.)
        if (session.releasesPageCode && config.i18n.locales.length <= 1) releasePageCode(compiled.pages.values());
        return files;
      },
    },
    {
      files,
      pages: output.last.section<PageRecord>('pages'),
      bodies: session.artifacts.kind(RENDERED_BODIES),
      documents: session.artifacts.kind(PAGE_DOCUMENTS),
      host: session.renderHost,
      // Pages are read for search as they are rendered, while their body is in memory.
      onBody: search ? (route, entry) => search.addBody(route, entry.key, entry.bodyHtml, entry.meta) : undefined,
      onProgress: report.progress,
    },
  ).catch(async (error: unknown) => {
    // A documents stream's indexer ends with the build that started it.
    await search?.close();
    throw error;
  });
  await images;
  const shown = shownPath(config);
  for (const route of result.inlineHandlerRoutes) {
    const source = routes.find((r) => r.path === route)?.sourceFile;
    report.warn(`${source ? shown(source) : route}: an inline event handler (an on…="…" attribute) in the content will not run: the site's Content-Security-Policy blocks it; attach the handler from a script file instead`);
  }
  return { ...result, search };
}

/**
 * The search documents' collector of this build. When the build will index every page (its output
 * has no index to build on), documents go to the indexer while the pages render.
 */
function searchCollector(session: BuildSession, config: SiteConfig, output: BuildOutput, routes: PlannedRoute[]): SearchCollector {
  const indexes = session.artifacts.kind(SEARCH_INDEXES);
  const language = searchLanguage(config);
  const stream = indexesEveryPage(output.last.section<SearchRecord>('search').recorded(INDEX_ENTRY), indexes, language) ? { language, order: routes.filter(isSearchable).map((route) => route.path) } : undefined;
  const pages = output.last.section<PageRecord>('pages');
  return createSearchCollector(session.artifacts.kind(SEARCH_DOCUMENTS), indexes, (route) => pages.readBack(route.path, route.outputFile), stream);
}

/**
 * Lets go of each page's module code (and its excerpt's), bundled for the last time: at 10,000
 * docs it is hundreds of megabytes that the rest of a one-off build has no use for (the markdown
 * view stays, for the markdown stage). Reading it afterwards is a fault of the build's order.
 */
function releasePageCode(pages: Iterable<CompiledPage>): void {
  for (const page of pages) Object.defineProperties(page, { code: RELEASED_CODE, excerptCode: RELEASED_CODE });
}

const RELEASED_CODE: PropertyDescriptor = {
  get() {
    throw new Error("sipadocs: a page's module code was read after the build let go of it");
  },
  enumerable: false,
  configurable: true,
};

async function readEntryCss(urls: string[], baseUrl: string, outDir: string): Promise<Map<string, string>> {
  const entries = await Promise.all(urls.map(async (url) => [url, await readFile(path.join(outDir, url.slice(baseUrl.length)), 'utf8')] as const));
  return new Map(entries);
}
