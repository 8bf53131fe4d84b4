import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { SiteConfig } from '../../config/types.js';
import type { SiteOutputs } from '../../outputs/siteOutputs.js';
import { contentSecurityPolicy, HEADERS_FILE, headersFileText, scriptHash } from '../../server/securityHeaders.js';
import { headTagSources } from '../../server/headTagSources.js';
import { takeSitePolicy } from '../../server/sitePolicy.js';
import { REDIRECT_SCRIPT, REDIRECTS_FILE, redirectsFileText } from '../../outputs/redirects.js';
import type { SearchIndexResult } from '../../search/buildSearchIndex.js';
import { manifestFile, writeManifest } from '../../cache/outputManifest.js';
import type { BuildReport, BuildSession } from '../session.js';
import type { CommitResult } from '../../staging/stagingDir.js';
import type { BuildOutput } from './output.js';
import type { SitePlan } from './plan.js';
import type { RenderedSite } from './render.js';

/**
 * A live code block runs the code a visitor edits, which react-live compiles with `new Function`;
 * a plugin's client code may compile code from strings too: the policy must allow eval.
 */
const EVAL_SOURCES = { 'script-src': ["'unsafe-eval'"] };

export interface WrittenParts {
  rendered: RenderedSite;
  outputs: SiteOutputs;
  search: SearchIndexResult | null;
  /** Some page has a live code block, whose code the browser compiles and runs (see compiler/mdx/liveCode.ts). */
  liveCode?: boolean;
  /** A module of the plugins' client code that compiles code from a string (see plugins/evaluatingCode.ts). */
  pluginEval?: string | null;
}

/** What one locale of the site wrote into its part of the output (the whole output for a site in one locale). */
export interface WrittenLocale extends WrittenParts {
  plan: SitePlan;
  output: BuildOutput;
}

/**
 * The `write` stage of one locale: the static folder's files into its part of the output (each
 * locale has its copy, as in Docusaurus). The host's `_headers` and `_redirects` files are the
 * whole site's, written by commitSite.
 */
export async function writeStaticFiles(plan: SitePlan, output: BuildOutput, root: BuildOutput): Promise<void> {
  const { config, staticFiles } = plan;
  // Only the files the scan listed: a link leading out of the site is not among them.
  const staticDir = path.join(config.siteDir, config.staticDir);
  // The host reads its files at the root of the output only: a locale's copy leaves them out.
  const copied = output === root ? staticFiles : staticFiles.filter((file) => file !== HEADERS_FILE && file !== REDIRECTS_FILE);
  if (copied.length > 0) await output.last.copyStatic(staticDir, copied);
}

/**
 * Then the `_headers` file of the whole site (the site's own rules first, then the security
 * headers, whose policy allows the inline scripts of every locale's pages), its `_redirects`, and
 * the commit that puts the staging folder in place of the output; the manifest of what each
 * locale wrote is kept for the next build. Files in the output that sipadocs did not write are reported.
 */
export async function commitSite(session: BuildSession, locales: WrittenLocale[], root: BuildOutput, report: BuildReport): Promise<Pick<CommitResult, 'adoptWritten'>> {
  const { config, staticFiles } = locales[0]!.plan;
  const { staging } = root;
  const staticDir = path.join(config.siteDir, config.staticDir);
  // A _headers file of the site's own comes first (read from the static folder: an unchanged copy
  // is kept in the output rather than staged); its rules add to the security headers, and a
  // policy of its rule for every path widens the generated one (see sitePolicy.ts).
  const own = takeSitePolicy(staticFiles.includes(HEADERS_FILE) ? `${await readFile(path.join(staticDir, HEADERS_FILE), 'utf8')}\n` : '');
  const scripts = new Set<string>();
  for (const { plan, rendered } of locales) {
    for (const hash of rendered.scriptHashes) scripts.add(hash);
    // Redirect pages run one script of their own.
    if (plan.redirects.some((redirect) => redirect.file !== null)) scripts.add(scriptHash(REDIRECT_SCRIPT));
  }
  const webAssembly = locales.some(({ plan }) => plan.siteData.search);
  const evaluates = locales.some((locale) => locale.liveCode || locale.pluginEval);
  staging.write(HEADERS_FILE, own.text + headersFileText(contentSecurityPolicy(scripts, { webAssembly, sources: [headTagSources(config.headTags), config.policySources, own.sources, ...(evaluates ? [EVAL_SOURCES] : [])] })));
  // So is _redirects: the site's own lines first, then the redirects of each locale's config.
  if (locales.some(({ plan }) => plan.redirects.length > 0)) {
    const ownRedirects = staticFiles.includes(REDIRECTS_FILE) ? await readFile(path.join(staticDir, REDIRECTS_FILE), 'utf8') : '';
    const generated = locales.map(({ plan }) => redirectsFileText(plan.redirects, '', plan.config.baseUrl)).join('');
    staging.write(REDIRECTS_FILE, redirectsFileText([], ownRedirects, config.baseUrl) + (ownRedirects && generated ? '\n' : '') + generated);
  }
  const { build, foreign, tidied, adoptWritten } = await staging.commit({ tidyLater: session.afterBuild !== null });
  session.afterBuild?.add(tidied);
  if (foreign.length > 0) report.warn(foreignFilesWarning(session.outDir, foreign, config));
  const saves: Array<Promise<void>> = [];
  for (const { output } of locales) {
    const manifest = output.last.manifest(build);
    session.lastOutputs.set(output.outDir, { manifest, namedFiles: output.last.namedFiles() });
    // Without a manifest the next build renders everything, so failing to save one is harmless. A
    // watch session has it in memory: the file, for a later run, is saved after the edit is shown.
    if (session.caches.manifests) saves.push(writeManifest(manifestFile(session.caches.manifests, output.outDir), manifest).catch(() => {}));
  }
  const saved = Promise.all(saves).then(() => {});
  if (session.afterBuild) session.afterBuild.add(saved);
  else await saved;
  return { adoptWritten };
}

/** Names the files a user put in the output folder, which the build left there. */
function foreignFilesWarning(outDir: string, files: string[], config: SiteConfig): string {
  const shown = files.slice(0, 5).map((file) => path.join(outDir, file));
  const more = files.length > shown.length ? ` and ${files.length - shown.length} more` : '';
  const staticDir = path.relative(process.cwd(), path.join(config.siteDir, config.staticDir)) || '.';
  return `${shown.join(', ')}${more}: not written by sipadocs, so left in the output folder as ${files.length === 1 ? 'it is' : 'they are'}; a file that belongs to the site goes in ${staticDir}/ (copied into every build), anything else out of the output folder`;
}
