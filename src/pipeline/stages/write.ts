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
import type { BuildOutput } from './output.js';
import type { SitePlan } from './plan.js';
import type { RenderedSite } from './render.js';

/** A live code block runs the code a visitor edits, which react-live compiles with `new Function`: the policy must allow eval. */
const LIVE_CODE_SOURCES = { 'script-src': ["'unsafe-eval'"] };

export interface WrittenParts {
  rendered: RenderedSite;
  outputs: SiteOutputs;
  search: SearchIndexResult | null;
  /** Some page has a live code block, whose code the browser compiles and runs (see content/mdx/liveCode.ts). */
  liveCode?: boolean;
}

/**
 * The `write` stage: the static files and the `_headers` file into the staging folder, then the
 * commit that puts it in place of the output; the manifest of what was written is kept for the
 * next build. Files in the output that sipadocs did not write are reported.
 */
export async function writeSite(session: BuildSession, plan: SitePlan, output: BuildOutput, parts: WrittenParts, report: BuildReport): Promise<void> {
  const { config, staticFiles } = plan;
  const { staging } = output;
  // Only the files the scan listed: a link leading out of the site is not among them.
  const staticDir = path.join(config.siteDir, config.staticDir);
  if (staticFiles.length > 0) await output.last.copyStatic(staticDir, staticFiles);
  // A _headers file of the site's own comes first (read from the static folder: an unchanged copy
  // is kept in the output rather than staged); its rules add to the security headers, and a
  // policy of its rule for every path widens the generated one (see sitePolicy.ts).
  const own = takeSitePolicy(staticFiles.includes(HEADERS_FILE) ? `${await readFile(path.join(staticDir, HEADERS_FILE), 'utf8')}\n` : '');
  const ownHeaders = own.text;
  // Redirect pages run one script of their own.
  const redirectPages = plan.redirects.some((redirect) => redirect.file !== null);
  const scripts = redirectPages ? [...parts.rendered.scriptHashes, scriptHash(REDIRECT_SCRIPT)] : parts.rendered.scriptHashes;
  staging.write(HEADERS_FILE, ownHeaders + headersFileText(contentSecurityPolicy(scripts, { webAssembly: plan.siteData.search, sources: [headTagSources(config.headTags), config.policySources, own.sources, ...(parts.liveCode ? [LIVE_CODE_SOURCES] : [])] })));
  // So is _redirects: the site's own lines first, then the redirects of the config.
  if (plan.redirects.length > 0) {
    const ownRedirects = staticFiles.includes(REDIRECTS_FILE) ? await readFile(path.join(staticDir, REDIRECTS_FILE), 'utf8') : '';
    staging.write(REDIRECTS_FILE, redirectsFileText(plan.redirects, ownRedirects, config.baseUrl));
  }
  const { build, foreign, tidied } = await staging.commit({ tidyLater: session.afterBuild !== null });
  session.afterBuild?.add(tidied);
  if (foreign.length > 0) report.warn(foreignFilesWarning(session.outDir, foreign, config));
  const manifest = output.last.manifest(build);
  session.lastOutput = { outDir: output.outDir, manifest, namedFiles: output.last.namedFiles() };
  // Without a manifest the next build renders everything, so failing to save one is harmless. A
  // watch session has it in memory: the file, for a later run, is saved after the edit is shown.
  if (!session.caches.manifests) return;
  const saved = writeManifest(manifestFile(session.caches.manifests, output.outDir), manifest).catch(() => {});
  if (session.afterBuild) session.afterBuild.add(saved);
  else await saved;
}

/** Names the files a user put in the output folder, which the build left there. */
function foreignFilesWarning(outDir: string, files: string[], config: SiteConfig): string {
  const shown = files.slice(0, 5).map((file) => path.join(outDir, file));
  const more = files.length > shown.length ? ` and ${files.length - shown.length} more` : '';
  const staticDir = path.relative(process.cwd(), path.join(config.siteDir, config.staticDir)) || '.';
  return `${shown.join(', ')}${more}: not written by sipadocs, so left in the output folder as ${files.length === 1 ? 'it is' : 'they are'}; a file that belongs to the site goes in ${staticDir}/ (copied into every build), anything else out of the output folder`;
}
