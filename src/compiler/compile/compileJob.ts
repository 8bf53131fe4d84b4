import { readFileSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseFrontMatter } from '../../model/frontMatter.js';
import { contentFormat } from '../../model/names.js';
import type { PartialFile } from '../mdx/partials.js';
import { SiteError, type SiteErrorInit } from '../../errors.js';
import type { MarkdownFormatSetting } from '../../config/types.js';
import { resolveMarkdownLink, type MarkdownLinkTargets } from '../../model/linkResolver.js';
import { compileMdx, type CompiledPage } from '../mdx/compile.js';
import type { Mdx1Compat } from '../../config/mdx1Compat.js';
import type { CodeHighlighter } from '../mdx/highlighter.js';
import type { RenderingSettings } from '../mdx/rendering.js';
import { renderStaticPage, type StaticPage, type StaticSession } from '../static/renderStaticPage.js';
import { staticModuleCode } from '../static/staticModule.js';
import type { ImageFiles } from './images.js';
import { sizesOf, srcSetOf } from './imageVariants.js';
import type { ImageSettings } from '../../config/images.js';
import { takesFastPath } from './fastPathRule.js';
import { loadPlugins } from './loadPlugins.js';
import { pluginsFor, type SitePlugins } from '../../config/sitePlugins.js';

/** Which part of the site a page belongs to, for the plugins that apply to it. */
export type ContentScope = `docs:${string}` | 'blog' | 'pages';

/** Everything needed to compile one page; plain data so it can cross to a worker thread. */
export interface CompileJob {
  relPath: string;
  /** Default 'pages'. */
  scope?: ContentScope;
  body: string;
  text: string;
  format: 'md' | 'mdx';
  withExcerpt: boolean;
  route: string | null;
  /** The page's `image` front matter, if any. */
  image: string | null;
  /** The front matter, when the body reads `frontMatter` (content written for Docusaurus); else null. */
  frontMatter: Record<string, unknown> | null;
}

/** Shared by all jobs of one build (sent to each worker once). */
export interface CompileSettings {
  tocLevels: { min: number; max: number };
  themes: { light: string; dark: string };
  /** What links to .md/.mdx files may name (see linkResolver.ts). */
  linkTargets: MarkdownLinkTargets;
  /** Absolute path of the site folder: relative images are found from there. */
  siteDir: string;
  /** The site's base URL, which starts the URLs of images. */
  baseUrl: string;
  /** How markdown is read (the site's `markdown` config); Docusaurus's defaults when absent. */
  markdown?: { format: MarkdownFormatSetting; mdx1Compat: Mdx1Compat };
  /** Magic comments, math and diagrams (see mdx/rendering.ts); the defaults without it. */
  rendering?: RenderingSettings;
  /** The site's remark and rehype plugins (see config/sitePlugins.ts); none without it. */
  plugins?: SitePlugins;
  /** The site replaces a theme component the fast path writes into pages (see fastPathRule.ts). */
  replacesContent?: boolean;
  /** The resized copies of markdown images (the site's `images`); none without it. */
  images?: ImageSettings;
}

export type CompileOutcome =
  | {
      ok: true;
      page: CompiledPage;
      links: Record<string, string | null>;
      /** Output file of each image the page uses, by the image's absolute path. */
      images: Record<string, string>;
    }
  | { ok: false; error: SiteErrorInit };

/** A compiled page that can be kept and reused. */
export type CompiledOutcome = Extract<CompileOutcome, { ok: true }>;


/** Absolute path of an image named relative to a page's folder. */
export function imagePath(settings: Pick<CompileSettings, 'siteDir'>, fromRelPath: string, relativePath: string): string {
  return path.resolve(settings.siteDir, path.posix.dirname(fromRelPath), relativePath);
}

/**
 * Compiles one page; content errors come back as data, anything else is thrown. A page without
 * JSX, expressions or imports (see isStaticPage.ts) is rendered to HTML by the fast path, about
 * ten times cheaper than the MDX pipeline and with the same markup (a differential test holds the
 * two to it); its module only hands that HTML to the theme. Anything else, or a page the fast
 * path gives back, goes through the MDX pipeline.
 */
export async function runCompileJob(
  job: CompileJob,
  settings: CompileSettings,
  highlighter: CodeHighlighter,
  imageFiles: ImageFiles,
  staticSession?: StaticSession,
): Promise<CompileOutcome> {
  const links: Record<string, string | null> = {};
  const images: Record<string, string> = {};
  const resolveImage = (relativePath: string) => {
    const absPath = imagePath(settings, job.relPath, relativePath);
    const image = imageFiles.info(absPath);
    if (!image) return null;
    images[absPath] = image.file;
    const resized = image.variants.length > 0 ? { srcSet: srcSetOf(image.variants, settings.baseUrl), sizes: sizesOf(image.width!) } : {};
    return { url: `${settings.baseUrl}${image.file}`, width: image.width, height: image.height, ...resized };
  };
  try {
    const options = {
      file: job.relPath,
      sourceText: job.text,
      format: job.format,
      highlighter,
      tocLevels: settings.tocLevels,
      resolveMarkdownLink: (target: string) => (links[target] = resolveMarkdownLink(settings.linkTargets, job.relPath, target)),
      withExcerpt: job.withExcerpt,
      route: job.route ?? undefined,
      resolveImage,
      image: job.image,
      frontMatter: job.frontMatter,
      baseUrl: settings.baseUrl,
      mdx1Compat: settings.markdown?.mdx1Compat,
      rendering: settings.rendering,
      plugins: settings.plugins ? await loadPlugins(pluginsFor(settings.plugins, job.scope ?? 'pages')) : null,
      resolvePartial: (specifier: string, fromRelPath: string) => readPartial(settings, specifier, fromRelPath),
      removeContentTitle: job.scope === 'blog',
    };
    const fastPath = staticSession && takesFastPath(job, { ...settings, mdx1Compat: settings.markdown?.mdx1Compat });
    const fast = fastPath ? await renderStaticPage(job.body, { ...options, session: staticSession }) : null;
    const page = fast ? compiledFromStatic(fast) : await compileMdx(job.body, options);
    return { ok: true, page, links, images };
  } catch (error) {
    if (!(error instanceof SiteError)) throw error;
    return {
      ok: false,
      error: { code: error.code, message: error.message, hint: error.hint, location: error.location, frame: error.frame },
    };
  }
}

/**
 * The markdown file an import names, read (see mdx/partials.ts): relative to the importing file or
 * `@site/`-relative, inside the site folder or a content folder its config puts outside it (a
 * docs folder `../docs`), symbolic links followed and still inside; null when there is no such file.
 */
function readPartial(settings: CompileSettings, specifier: string, fromRelPath: string): PartialFile | null {
  const bare = specifier.replace(/[?#].*$/, '');
  const relPath = bare.startsWith('@site/')
    ? path.posix.normalize(bare.slice('@site/'.length))
    : bare.startsWith('./') || bare.startsWith('../')
      ? path.posix.normalize(path.posix.join(path.posix.dirname(fromRelPath), bare))
      : null;
  if (relPath === null || path.posix.isAbsolute(relPath)) return null;
  const absPath = path.join(settings.siteDir, ...relPath.split('/'));
  let text: string;
  try {
    const real = realpathSync(absPath);
    const roots = [settings.siteDir, ...settings.linkTargets.contentRoots.filter((root) => root.startsWith('../')).map((root) => path.join(settings.siteDir, root))];
    const within = roots.some((root) => {
      const inside = path.relative(realpathSync(root), real);
      return !inside.startsWith('..') && !path.isAbsolute(inside);
    });
    if (!within || !statSync(real).isFile()) return null;
    text = readFileSync(real, 'utf8');
  } catch {
    return null;
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  return { relPath, absPath, body: parseFrontMatter(text, relPath).body, format: contentFormat(relPath, settings.markdown?.format ?? 'detect') };
}

/** A page of the fast path as the rest of the build sees a compiled page. */
function compiledFromStatic(page: StaticPage): CompiledPage {
  const { html, excerptHtml, images: _images, ...rest } = page;
  return { ...rest, isStatic: true, code: staticModuleCode(html), excerptCode: excerptHtml === null ? null : staticModuleCode(excerptHtml) };
}
