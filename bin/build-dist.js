#!/usr/bin/env node
// Builds the package's dist/ before `npm pack` / `npm publish` (the `prepack` script): the CLI,
// the public API, the config helpers and the worker threads as ES modules for Node, and the
// published types. An installed package runs these and never compiles anything into its folder.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { bundleEntries } from './tsImport.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');

/** Files under `dir` (relative to the repo root), sorted, so the build id is stable. */
function listFiles(dir) {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** The modules Node loads by their path (src/entryPoints.ts, the one table of them): each becomes a file of dist/. */
async function nodeEntryPoints() {
  const { outputFiles } = await build({ entryPoints: [path.join(root, 'src/entryPoints.ts')], bundle: true, format: 'esm', platform: 'neutral', write: false, logLevel: 'silent' });
  const table = await import(`data:text/javascript;base64,${Buffer.from(outputFiles[0].text).toString('base64')}`);
  return table.NODE_ENTRY_POINTS;
}

// Every cache entry an installed package makes is keyed by this: any change to the generator's
// code (or its version) gives the next build fresh entries.
const hash = createHash('sha256').update(readFileSync(path.join(root, 'package.json')));
for (const file of [...listFiles('src'), ...listFiles('templates')]) hash.update(file).update('\0').update(readFileSync(path.join(root, file)));
const buildId = hash.digest('hex');

// dist/ is this script's own output.
rmSync(dist, { recursive: true, force: true });
await bundleEntries({ ...(await nodeEntryPoints()), index: 'src/index.ts' }, dist, { define: { __SIPADOCS_BUILD_ID__: JSON.stringify(buildId) }, sourcemap: false });

// What `import … from 'sipadocs'` resolves to inside a site's config and sidebars files, which are
// evaluated from memory: the identity helpers alone, with nothing that needs a file location.
await build({
  entryPoints: [path.join(root, 'src/config/defineConfig.ts')],
  outfile: path.join(dist, 'config.mjs'),
  bundle: true,
  format: 'esm',
  platform: 'neutral',
  logLevel: 'silent',
});

const tsc = spawnSync(process.execPath, [path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', path.join(root, 'tsconfig.dist.json')], {
  stdio: 'inherit',
});
if (tsc.status !== 0) process.exit(tsc.status ?? 1);
console.log(`dist/ built (build id ${buildId.slice(0, 12)})`);
