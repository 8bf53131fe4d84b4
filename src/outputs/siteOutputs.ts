import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ArtifactKind } from '../cache/artifacts.js';
import type { OutputFiles, OutputSection } from '../cache/lastOutput.js';
import type { RenderPagesResult } from '../render/renderPages.js';
import type { SiteConfig } from '../config/types.js';
import { w3cDate } from '../model/lastUpdate.js';
import type { CompiledPage } from '../compiler/mdx/compile.js';
import type { SiteModel } from '../model/model.js';
import type { PlannedRoute } from '../model/routes.js';
import { documentBody } from '../render/document.js';
import type { ClientSiteData } from '../shared/types.js';
import { writeFeeds, type PlannedFeed } from './feeds.js';
import { llmsSections, writeLlms } from './llms.js';
import { createOutputWriter, type OutputWriter, type SiteOutputRecord } from './outputWriter.js';
import { writePageMarkdown } from './pageMarkdown.js';
import { redirectHref, redirectPageHtml, type Redirect } from './redirects.js';
import { newest, writeSitemap } from './sitemap.js';

/** What the site-wide outputs are made from: the build's results up to rendering. */
export interface SiteOutputsInput {
  config: SiteConfig;
  site: ClientSiteData;
  /** The site's URL and base path (see siteBase). */
  base: string;
  model: SiteModel;
  routes: PlannedRoute[];
  /** The addresses that lead elsewhere (see redirects.ts). */
  redirects?: readonly Redirect[];
  feeds: PlannedFeed[];
  compiled: ReadonlyMap<string, CompiledPage>;
  compileKeys: ReadonlyMap<string, string>;
  /** The last commit of each site-relative source file (see pipeline/gitHistory.ts). */
  history: ReadonlyMap<string, { timestamp: number }>;
  rendered: RenderPagesResult;
  files: Pick<OutputFiles, 'dir' | 'outDir' | 'write'>;
  /** The site-wide outputs of the last good output and of this one. */
  outputs: OutputSection<SiteOutputRecord>;
  /** Output-relative paths of the static files, which replace generated files of the same name. */
  staticFiles: string[];
  /** What keys the outputs (the session's SITE_OUTPUTS). */
  keys: Pick<ArtifactKind<never>, 'key'>;
  warn(message: string): void;
}

/**
 * The files a build writes from the whole site, one build stage each: the pages' markdown, then
 * llms.txt and llms-full.txt (made of that markdown), the feeds, and the sitemap with robots.txt.
 */
export interface SiteOutputs {
  /** @returns how many pages have a markdown file */
  writeMarkdown(): number;
  writeLlms(): void;
  /** @returns how many feeds there are */
  writeFeeds(): Promise<number>;
  /** @returns how many URLs the sitemap lists */
  writeSitemap(): number;
  /** Writes a page at each redirect's address; @returns how many */
  writeRedirects(): number;
  /** Every file written or kept, for the link check and the manifest. */
  readonly writer: OutputWriter;
}

export function createSiteOutputs(input: SiteOutputsInput): SiteOutputs {
  const { config, base, routes } = input;
  const writer = createOutputWriter(input.files, input.outputs, new Set(input.staticFiles), input.keys);
  const routesByPath = new Map(routes.map((route) => [route.path, route]));
  const keptPages = new Set(input.rendered.kept.map((i) => routes[i]!.path));
  /** A page's body and meta, from where its HTML is: the staging folder if this build wrote it, else the output folder. */
  const renderedPage = (route: string) => {
    const file = routesByPath.get(route)?.outputFile;
    if (!file) return null;
    try {
      return documentBody(readFileSync(path.join(keptPages.has(route) ? input.files.outDir : input.files.dir, file), 'utf8'));
    } catch {
      return null;
    }
  };
  let markdown = new Map<string, () => string>();

  return {
    writer,
    writeMarkdown() {
      markdown = writePageMarkdown({ routes, compiled: input.compiled, compileKeys: input.compileKeys, siteBase: base, writer });
      return markdown.size;
    },
    writeLlms() {
      writeLlms({
        sections: llmsSections(input.model, routes, config, base),
        title: config.title,
        // React pages say what they are about in their rendered meta.
        summary: config.tagline || (renderedPage('/')?.meta.description ?? ''),
        writer,
        markdownOf: (route) => markdown.get(route)?.() ?? '',
        markdownKey: (route) => writer.recorded[`markdown:${route}`]?.key,
      });
    },
    writeFeeds() {
      return writeFeeds({
        feeds: input.feeds,
        site: {
          title: config.title,
          base,
          language: input.site.locale.htmlLang,
          favicon: config.favicon ? `${base}/${config.favicon.replace(/^\/+/, '')}` : undefined,
          copyright: config.footer.copyright,
          generator: input.site.generator,
        },
        writer,
        pageKey: (post) => input.rendered.recorded[post.route]?.key ?? '',
        pageBody: (post) => renderedPage(post.route)?.bodyHtml ?? null,
        warn: input.warn,
      });
    },
    writeRedirects() {
      const pages = (input.redirects ?? []).filter((redirect) => redirect.file !== null);
      if (pages.length === 0) return 0;
      const lang = input.site.locale.htmlLang;
      const key = writer.key([pages, config.baseUrl, base, lang]);
      if (!writer.reuse('redirects', key)) {
        writer.write('redirects', key, pages.map((redirect) => {
          const href = redirectHref(redirect.to, config.baseUrl);
          // The canonical link names the target's absolute URL.
          const canonical = href.startsWith('/') ? `${config.url}${href}` : href;
          return [redirect.file!, redirectPageHtml(href, canonical, lang)] as const;
        }));
      }
      return pages.length;
    },
    writeSitemap() {
      const commitDate = (relPath: string) => {
        const commit = input.history.get(relPath);
        return commit ? w3cDate(new Date(commit.timestamp * 1000)) : null;
      };
      return writeSitemap(routes, config, base, {
        fileDate: commitDate,
        docDate: (route) => {
          const data = routesByPath.get(route)?.data;
          return data?.kind === 'doc' ? (data.lastUpdate?.date ?? null) : null;
        },
        newestPost: newest(input.model.posts.map((post) => post.date)),
      }, writer);
    },
  };
}
