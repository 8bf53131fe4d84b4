/**
 * Renders a page both ways, for the differential test and the benchmark: with the MDX pipeline
 * (compileMdx, then React's static markup of the module with the theme's components, inside the
 * page's article) and with renderStaticPage (its HTML inside the same article); and compares
 * them, the HTML after a canonicalisation both sides go through.
 */
import { createElement, type ComponentType } from 'react';
import * as jsxRuntime from 'react/jsx-runtime';
import { renderToStaticMarkup } from 'react-dom/server';
import { Parser } from 'htmlparser2';
import { compileMdx, type CompiledPage, type CompileOptions } from '../../../../src/compiler/mdx/compile.js';
import { resolveMarkedWords } from '../../../../src/shared/translate.js';
import { renderStaticPage, type StaticPage, type StaticRenderOptions } from '../../../../src/compiler/static/renderStaticPage.js';
import { mdxComponents } from '../../../../templates/mdxComponents.js';
import { SiteError } from '../../../../src/errors.js';

/** A compiled module (it imports only react/jsx-runtime) evaluated to its content component. */
export function evaluateModule(code: string): ComponentType<{ components?: object }> {
  const body = code
    .replace(/^import \{([^}]*)\} from "react\/jsx-runtime";$/m, (_, names: string) => `const {${names.replace(/\s+as\s+/g, ': ')}} = runtime;`)
    .replace(/^export default function MDXContent\b/m, 'function MDXContent');
  if (/^\s*(import|export)\b/m.test(body)) throw new Error('the module imports or exports more than its content');
  return new Function('runtime', `${body}\nreturn MDXContent;`)(jsxRuntime) as ComponentType<{ components?: object }>;
}

/** The content of a compiled module as a page shows it: in its article, with the theme's components. */
export function renderCompiled(code: string): string {
  const Content = evaluateModule(code);
  return renderToStaticMarkup(createElement('article', { className: 'markdown' }, createElement(Content, { components: mdxComponents })));
}

/** Static HTML as a page shows it: in the same article, the theme's words in it resolved in the page's locale (here the default, English). */
export function renderStatic(html: string): string {
  return renderToStaticMarkup(createElement('article', { className: 'markdown', dangerouslySetInnerHTML: { __html: resolveMarkedWords(html) } }));
}

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, '&quot;');

/**
 * HTML parsed with htmlparser2 and written again one way: quoting, entities and `<br/>` versus
 * `<br>` no longer count; text (white space included), elements, attributes and their order do.
 */
export function canonicalHtml(html: string): string {
  let out = '';
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        out += `<${name}${Object.entries(attributes)
          .map(([key, value]) => ` ${key}="${escapeAttribute(value)}"`)
          .join('')}>`;
      },
      ontext(text) {
        out += escapeText(text);
      },
      onclosetag(name) {
        if (!VOID.has(name)) out += `</${name}>`;
      },
      oncomment(comment) {
        out += `<!--${comment}-->`;
      },
    },
    { decodeEntities: true, lowerCaseTags: false, lowerCaseAttributeNames: false, recognizeSelfClosing: true },
  );
  parser.write(html);
  parser.end();
  return out;
}

export interface BothWays {
  mdx: CompiledPage;
  mdxHtml: string;
  mdxExcerptHtml: string | null;
  /** null when the static renderer gave the page back. */
  static: StaticPage | null;
  staticHtml: string | null;
  staticExcerptHtml: string | null;
}

/** Renders a body both ways with the same options; either side's SiteError is thrown. */
export async function renderBothWays(body: string, options: StaticRenderOptions): Promise<BothWays> {
  const { session: _session, ...compileOptions } = options;
  const mdx = await compileMdx(body, compileOptions as CompileOptions);
  const page = await renderStaticPage(body, options);
  return {
    mdx,
    mdxHtml: renderCompiled(mdx.code),
    mdxExcerptHtml: mdx.excerptCode === null ? null : renderCompiled(mdx.excerptCode),
    static: page,
    staticHtml: page && renderStatic(page.html),
    staticExcerptHtml: page?.excerptHtml == null ? null : renderStatic(page.excerptHtml),
  };
}

/** The fields of a compiled page the static renderer gives too, compared as they are. */
const FIELDS = ['hasTruncateMarker', 'toc', 'headingIds', 'h1', 'anchors', 'excerptAnchors', 'markdownLinks', 'linkPlaces', 'warnings', 'image', 'markdown', 'features'] as const;

/**
 * What differs between the two renderings of a page (empty when they agree, or when the static
 * renderer gave the page back): the canonical HTML of the page and of its excerpt, and every field.
 */
export function differences(both: BothWays): string[] {
  if (!both.static) return [];
  const found: string[] = [];
  const html = [canonicalHtml(both.mdxHtml), canonicalHtml(both.staticHtml!)];
  if (html[0] !== html[1]) found.push(`html:\n  mdx:    ${JSON.stringify(html[0])}\n  static: ${JSON.stringify(html[1])}`);
  const excerpt = [both.mdxExcerptHtml && canonicalHtml(both.mdxExcerptHtml), both.staticExcerptHtml && canonicalHtml(both.staticExcerptHtml)];
  if (excerpt[0] !== excerpt[1]) found.push(`excerpt:\n  mdx:    ${JSON.stringify(excerpt[0])}\n  static: ${JSON.stringify(excerpt[1])}`);
  for (const field of FIELDS) {
    const mdx = JSON.stringify(both.mdx[field]);
    const fast = JSON.stringify(both.static[field]);
    if (mdx !== fast) found.push(`${field}:\n  mdx:    ${mdx}\n  static: ${fast}`);
  }
  return found;
}

/** How a page fared both ways: what differs (nothing when they agree), and whether the static side rendered it. */
export async function compareBothWays(body: string, options: StaticRenderOptions): Promise<{ rendered: boolean; differences: string[] }> {
  const outcome = async <T>(run: () => Promise<T>) => {
    try {
      return { value: await run(), error: null };
    } catch (error) {
      if (!(error instanceof SiteError)) throw error;
      return { value: null, error };
    }
  };
  const { session: _session, ...compileOptions } = options;
  const mdx = await outcome(() => compileMdx(body, compileOptions as CompileOptions));
  const fast = await outcome(() => renderStaticPage(body, options));
  if (fast.value === null && fast.error === null) return { rendered: false, differences: [] };
  if (mdx.error || fast.error) {
    const describe = (error: SiteError | null) => (error ? `${error.code} at ${error.location?.line}:${error.location?.column}` : 'no error');
    const same = mdx.error?.code === fast.error?.code && JSON.stringify(mdx.error?.location) === JSON.stringify(fast.error?.location);
    return { rendered: true, differences: same ? [] : [`error:\n  mdx:    ${describe(mdx.error)}\n  static: ${describe(fast.error)}`] };
  }
  const page = mdx.value!;
  const both: BothWays = {
    mdx: page,
    mdxHtml: renderCompiled(page.code),
    mdxExcerptHtml: page.excerptCode === null ? null : renderCompiled(page.excerptCode),
    static: fast.value,
    staticHtml: renderStatic(fast.value!.html),
    staticExcerptHtml: fast.value!.excerptHtml === null ? null : renderStatic(fast.value!.excerptHtml),
  };
  return { rendered: true, differences: differences(both) };
}
