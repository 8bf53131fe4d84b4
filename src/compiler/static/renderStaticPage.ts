/**
 * The fast path for pages without JSX, expressions or imports (see isStaticPage.ts): their content
 * as an HTML string made at build time, exactly as the MDX path renders it (React's static markup
 * of the compiled module with the theme's components), with everything else a compiled page
 * provides (table of contents, heading ids, link targets, warnings, markdown view).
 *
 * markdown-it parses the page (about 25 times faster than the MDX pipeline); the rest is the MDX
 * path's own: `preprocess` for `{#id}` and the truncate marker, its remark and rehype plugins run
 * on the links, images, headings and code blocks markdown-it found (resolving markdown links and
 * images, giving ids, highlighting, collecting link targets), the markdown view of markdownView.ts,
 * and the theme's components rendered with react-dom/server around their children (themeShells.ts).
 * Each part of a page (the page, its excerpt) goes through three steps, a module each:
 * collectPart.ts (what the plugins work on, and the plugins run), emitHtml.ts (the HTML) and
 * partMarkdownView.ts (the markdown view).
 *
 * A page the renderer finds it cannot render exactly (something `isStaticPage` let through)
 * gives null: the caller compiles it with the MDX pipeline instead.
 */
import { frontMatterImage, pageFacts, type CompiledPage } from '../mdx/compile.js';
import { fenceLanguages } from '../mdx/highlighter.js';
import { SITE_URL_MARK } from '../mdx/markdownView.js';
import { findDeepNesting, nestingError } from '../mdx/nesting.js';
import type { CompileState } from '../mdx/plugins.js';
import { preprocess } from '../mdx/preprocess.js';
import { collectPart } from './collectPart.js';
import { emitHtml } from './emitHtml.js';
import { NotStatic } from './notStatic.js';
import { partMarkdownView } from './partMarkdownView.js';
import { createStaticSession, type StaticRenderOptions, type StaticSession } from './staticSession.js';

export { createStaticSession, type StaticRenderOptions, type StaticSession } from './staticSession.js';

/** An image a page uses: its source as written relative to the page (decoded) and the URL it got. */
export interface UsedImage {
  source: string;
  url: string;
}

/** A rendered static page: what `CompiledPage` gives, with HTML instead of module code, and the images it used. */
export type StaticPage = Omit<CompiledPage, 'isStatic' | 'code' | 'excerptCode'> & {
  /** The content as the MDX path renders it inside the page's article. */
  html: string;
  /** The part before the truncate marker, rendered on its own (with `withExcerpt`); null without a marker. */
  excerptHtml: string | null;
  images: UsedImage[];
};

/**
 * Renders a static page's body (front matter blanked). Throws the SiteErrors `compileMdx` throws
 * (IMAGE_NOT_FOUND, CONTENT_TOO_DEEP) at the same places; returns null for a page it cannot
 * render exactly as the MDX path does.
 */
export async function renderStaticPage(body: string, options: StaticRenderOptions): Promise<StaticPage | null> {
  const deep = findDeepNesting(body, options.format);
  if (deep) throw nestingError(options.file, options.sourceText, deep, null);
  const session = options.session ?? createStaticSession();
  await session.shells.load();
  const pre = preprocess(body);
  await options.highlighter.ensureLanguages(fenceLanguages(body));
  const images = new Map<string, UsedImage>();
  const resolveImage = options.resolveImage
    ? (relativePath: string) => {
        const image = options.resolveImage!(relativePath);
        if (image) images.set(relativePath, { source: relativePath, url: image.url });
        return image;
      }
    : undefined;
  const partOptions = { ...options, resolveImage };
  const main = renderPart(pre.text, pre.customIds, partOptions, session, null, { markUrls: !body.includes(SITE_URL_MARK) });
  if (!main) return null;
  const image = frontMatterImage(partOptions);
  let excerpt: RenderedPart | null = null;
  if (options.withExcerpt && pre.truncateLine !== null) {
    const excerptText = pre.text.split('\n').slice(0, pre.truncateLine - 1).join('\n');
    excerpt = renderPart(excerptText, pre.customIds, partOptions, session, options.route ?? null, null);
    if (!excerpt) return null;
  }
  return { html: main.html, excerptHtml: excerpt?.html ?? null, ...pageFacts(pre.truncateLine !== null, main, excerpt, image), images: [...images.values()] };
}

interface RenderedPart {
  html: string;
  state: CompileState;
  markdown: string;
}

function renderPart(
  text: string,
  customIds: Map<number, string>,
  options: StaticRenderOptions,
  session: StaticSession,
  hashLinkBase: string | null,
  view: { markUrls: boolean } | null,
): RenderedPart | null {
  try {
    const part = collectPart(text, customIds, options, session.parsers[options.format], hashLinkBase);
    const html = emitHtml(part, session.shells);
    const markdown = view ? partMarkdownView(part, view.markUrls) : '';
    return { html, state: part.state, markdown };
  } catch (error) {
    if (error instanceof NotStatic) return null;
    throw error;
  }
}
