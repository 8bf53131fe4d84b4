/**
 * What pages with math or diagrams need besides their chunk, given to those pages only: KaTeX's
 * style sheet (and its fonts) becomes one of the style sheets of every route whose content has
 * math, so the page links it and the runtime attaches it before showing the route; the diagram
 * runtime is written for the diagram component to load (see outputs/mermaidRuntime.ts). A site
 * without them gets nothing, and its routes stay as the bundler made them.
 */
import { ASSET_DIR, type ClientBundle } from '../../bundle/bundleSite.js';
import type { ContentRef } from '../../model/routes.js';
import type { PageFeature } from '../../compiler/mdx/rendering.js';
import { katexStylesheet, type AssetFile } from '../../outputs/katexStylesheet.js';
import { buildMermaidRuntime, MERMAID_RUNTIMES, mermaidRuntimeId } from '../../outputs/mermaidRuntime.js';
import type { BuildSession } from '../session.js';
import type { CompiledSite } from './compile.js';
import type { BuildOutput } from './output.js';
import type { SitePlan } from './plan.js';

/** The bundle with the assets of math and diagrams added to the routes that need them, and their files written. */
export async function addPageAssets(client: ClientBundle, plan: SitePlan, compiled: CompiledSite, output: BuildOutput, session: BuildSession): Promise<ClientBundle> {
  const sources = (content: ContentRef) => (content.kind === 'mdx' ? [content.relPath] : content.kind === 'excerpts' ? content.relPaths : []);
  const needing = (feature: PageFeature) =>
    [...plan.virtual.routeEntries].filter(([name, { content }]) => client.routes.has(name) && sources(content).some((relPath) => compiled.pages.get(relPath)?.features.includes(feature)));
  const withMath = needing('math');
  const withDiagrams = plan.siteData.mermaid ? needing('mermaid') : [];
  if (withMath.length === 0 && withDiagrams.length === 0) return client;
  const files: string[] = [];
  let routes = client.routes;
  if (withMath.length > 0) {
    const katex = katexStylesheet(ASSET_DIR);
    const url = `${plan.config.baseUrl}${katex.css}`;
    // New objects: the bundler's own may be kept by its cache.
    routes = new Map(routes);
    for (const [name] of withMath) {
      const chunk = routes.get(name)!;
      routes.set(name, { ...chunk, css: [...chunk.css, url] });
    }
    files.push(...writeAssets(katex.files, output));
  }
  if (withDiagrams.length > 0) {
    const [, { content }] = withDiagrams[0]!;
    const runtimes = session.artifacts.kind(MERMAID_RUNTIMES);
    const runtime = await runtimes.get(runtimes.key(mermaidRuntimeId()), () => buildMermaidRuntime(ASSET_DIR, sources(content)[0]!));
    files.push(...writeAssets(runtime, output));
  }
  return { ...client, routes, files: [...client.files, ...files] };
}

/** Writes files into the staging folder, keeping those the last good output has (their names carry their content). */
function writeAssets(files: AssetFile[], output: BuildOutput): string[] {
  for (const { file, contents } of files) {
    if (!output.last.files.keep(file, Buffer.byteLength(contents))) output.last.files.write(file, contents);
  }
  return files.map(({ file }) => file);
}
