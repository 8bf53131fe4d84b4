/**
 * The diagram runtime (src/client/mermaidRuntime.ts and Mermaid), bundled on its own for the
 * browser, split as Mermaid splits itself (each kind of diagram a chunk loaded when drawn), and
 * written under `_sipa/mermaid/<id>/` for sites with diagrams. The id stands for what the files
 * are made from (the runtime's source, Mermaid's version, the bundler's), so it is known before
 * bundling: the site data names the runtime's URL (see ClientSiteData.mermaid) and the files may
 * be cached for ever.
 *
 * Mermaid is an optional peer dependency of sipadocs: found from the runtime's folder, as Node
 * finds packages, so the copy a project installs beside sipadocs is the one used.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { build, version as esbuildVersion } from 'esbuild';
import { SiteError } from '../errors.js';
import { PACKAGE_ROOT } from '../packageRoot.js';
import type { ArtifactKindSpec } from '../cache/artifacts.js';
import type { AssetFile } from './katexStylesheet.js';

const RUNTIME_SOURCE = path.join(PACKAGE_ROOT, 'src', 'client', 'mermaidRuntime.ts');
/** Changes with the options below, which shape the files. */
const BUNDLE_OPTIONS_VERSION = 1;
/** The browsers the client bundle targets (see bundle/bundleSite.ts). */
const TARGET = ['es2020', 'chrome90', 'firefox90', 'safari15'];

/** The version of the Mermaid package a module at `from` imports, or null when none is installed. */
function mermaidVersion(from = RUNTIME_SOURCE): string | null {
  try {
    const file = createRequire(from).resolve('mermaid/package.json');
    return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
  } catch {
    return null;
  }
}

let id: string | null = null;

/** Names the runtime's files: a digest of what they are made from. */
export function mermaidRuntimeId(): string {
  id ??= createHash('sha256')
    .update(existsSync(RUNTIME_SOURCE) ? readFileSync(RUNTIME_SOURCE) : '')
    .update(`\0${mermaidVersion() ?? 'none'}\0${esbuildVersion}\0${BUNDLE_OPTIONS_VERSION}`)
    .digest('hex')
    .slice(0, 12);
  return id;
}

/** The runtime's folder, relative to the output folder. */
export const mermaidRuntimeDir = (assetDir: string) => `${assetDir}/mermaid/${mermaidRuntimeId()}`;

/** The URL the diagram component imports. */
export const mermaidRuntimeUrl = (baseUrl: string, assetDir: string) => `${baseUrl}${mermaidRuntimeDir(assetDir)}/mermaid.js`;

/** Built runtimes, by id: the bundle takes a second or two, and changes only with its inputs. */
export const MERMAID_RUNTIMES: ArtifactKindSpec<AssetFile[], number, Array<{ file: string; text: string }>> = {
  name: 'mermaid',
  disk: {
    record: (files) => files.length,
    blob: (files) => files.map(({ file, contents }) => ({ file, text: String(contents) })),
    restore: (_count, blob) => blob().map(({ file, text }) => ({ file, contents: text })),
  },
};

/**
 * Bundles the runtime (`runtimeSource`, the module of src/client) into its files (paths relative
 * to the output folder). Throws MERMAID_NOT_INSTALLED when the project has no Mermaid, naming a
 * page that needs it.
 */
export async function buildMermaidRuntime(assetDir: string, pageWithDiagram: string, runtimeSource = RUNTIME_SOURCE): Promise<AssetFile[]> {
  if (mermaidVersion(runtimeSource) === null) {
    throw new SiteError({
      code: 'MERMAID_NOT_INSTALLED',
      message: 'this page has a Mermaid diagram, and the Mermaid package is not installed',
      location: { file: pageWithDiagram },
      hint: 'Install it beside sipadocs (npm install mermaid), or set markdown.mermaid to false to show ```mermaid blocks as code.',
    });
  }
  const dir = mermaidRuntimeDir(assetDir);
  const result = await build({
    entryPoints: [{ in: runtimeSource, out: 'mermaid' }],
    outdir: '/mermaid-runtime',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: TARGET,
    minify: true,
    chunkNames: 'c/[name]-[hash]',
    legalComments: 'none',
    logLevel: 'silent',
    write: false,
  });
  return result.outputFiles.map((output) => ({ file: `${dir}/${path.relative('/mermaid-runtime', output.path).split(path.sep).join('/')}`, contents: output.text }));
}
