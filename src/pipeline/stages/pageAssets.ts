/**
 * What pages with math or diagrams need besides their chunk, given to those pages only: KaTeX's
 * style sheet (and its fonts) becomes one of the style sheets of every route whose content has
 * math, so the page links it and the runtime attaches it before showing the route; the diagram
 * runtime is written for the diagram component to load (see mermaidRuntime.ts). A site without
 * them gets nothing, and its routes stay as the bundler made them.
 */
import { ASSET_DIR, type ClientBundle } from '../../bundle/bundleSite.js';
import type { ContentRef } from '../../content/routes.js';
import type { PageFeature } from '../../content/mdx/rendering.js';
import { katexStylesheet, type AssetFile } from '../../outputs/katexStylesheet.js';
import type { CompiledSite } from './compile.js';
import type { BuildOutput } from './output.js';
import type { SitePlan } from './plan.js';

/** The bundle with the assets of math and diagrams added to the routes that need them, and their files written. */
export function addPageAssets(client: ClientBundle, plan: SitePlan, compiled: CompiledSite, output: BuildOutput): ClientBundle {
  const needs = (content: ContentRef, feature: PageFeature) => {
    const relPaths = content.kind === 'mdx' ? [content.relPath] : content.kind === 'excerpts' ? content.relPaths : [];
    return relPaths.some((relPath) => compiled.pages.get(relPath)?.features.includes(feature));
  };
  const withMath = [...plan.virtual.routeEntries].filter(([name, { content }]) => client.routes.has(name) && needs(content, 'math')).map(([name]) => name);
  if (withMath.length === 0) return client;
  const katex = katexStylesheet(ASSET_DIR);
  const url = `${plan.config.baseUrl}${katex.css}`;
  const routes = new Map(client.routes);
  // New objects: the bundler's own may be kept by its cache.
  for (const name of withMath) {
    const chunk = routes.get(name)!;
    routes.set(name, { ...chunk, css: [...chunk.css, url] });
  }
  return { ...client, routes, files: [...client.files, ...writeAssets(katex.files, output)] };
}

/** Writes files into the staging folder, keeping those the last good output has (their names carry their content). */
function writeAssets(files: AssetFile[], output: BuildOutput): string[] {
  for (const { file, contents } of files) {
    if (!output.staging.keep(file, Buffer.byteLength(contents))) output.staging.write(file, contents);
  }
  return files.map(({ file }) => file);
}
