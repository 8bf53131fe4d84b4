// Every kind of cached result is keyed by the fingerprint of the generator's code (the code every
// entry point reaches, see codeFingerprint.ts): one test per kind that its keys follow the code,
// and that the code of the module declaring it, with all it imports, is inside that fingerprint.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import fg from 'fast-glob';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createArtifactStore, type ArtifactKindSpec } from '../../../src/cache/artifacts.js';
import { fingerprintsOf, readCodeGraph, type CodeFingerprints } from '../../../src/cache/codeFingerprint.js';
import { ENTRY_POINTS } from '../../../src/entryPoints.js';
import { tempDir } from '../../helpers.js';

const root = process.cwd();

/** Every `export const NAME: ArtifactKindSpec<…>` of src/, by module: the kinds there are. */
const declared = fg
  .sync('src/**/*.ts', { cwd: root })
  .flatMap((file) => [...readFileSync(path.join(root, file), 'utf8').matchAll(/export const (\w+): ArtifactKindSpec</g)].map((match) => ({ file, name: match[1]! })));

const fixed = (digest: string): CodeFingerprints => ({ of: () => digest, whole: digest });

let tmp: Awaited<ReturnType<typeof tempDir>>;
let whole: Set<string>;
beforeAll(async () => {
  tmp = await tempDir();
  const graph = await readCodeGraph(path.join(tmp.dir, 'graph.json'), root, ENTRY_POINTS);
  whole = new Set(Object.values(graph.entries).flatMap((entry) => entry.files));
}, 120_000);
afterAll(() => tmp.cleanup());

/** The source files a module reaches through its imports, itself included. */
async function reached(file: string): Promise<string[]> {
  const result = await build({
    entryPoints: [path.join(root, file)],
    bundle: true,
    write: false,
    metafile: true,
    outdir: path.join(tmp.dir, 'out'),
    platform: 'node',
    format: 'esm',
    jsx: 'automatic',
    packages: 'external',
    external: ['sipa:*', '@theme/*', '@docusaurus/*'],
    loader: { '.css': 'empty', '.svg': 'empty', '.png': 'empty', '.woff2': 'empty', '.jpg': 'empty' },
    logLevel: 'silent',
  });
  return Object.keys(result.metafile.inputs).filter((input) => /^(src|templates)\//.test(input));
}

describe('the code fingerprint of each kind of cached result', () => {
  it('finds the kinds the build declares', () => {
    expect(declared.map((kind) => kind.name).sort()).toEqual(
      ['COMPILED_PAGES', 'GIT_HISTORIES', 'IMAGE_VARIANTS', 'KEPT_BUNDLES', 'MERMAID_RUNTIMES', 'PAGE_DOCUMENTS', 'RENDERED_BODIES', 'ROUTE_CHUNKS', 'SEARCH_DOCUMENTS', 'SEARCH_INDEXES', 'SITE_OUTPUTS', 'STANDALONE_CHUNKS'].sort(),
    );
  });

  it.each(declared.map((kind) => [kind.name, kind.file]))('%s (%s): keyed by the code, which covers its module and all it imports', async (name, file) => {
    const module = (await import(path.join(root, file))) as Record<string, ArtifactKindSpec<unknown>>;
    const spec = module[name]!;
    expect(spec.name).toMatch(/^[\w-]+$/);
    const keyWith = async (code: CodeFingerprints) => {
      const store = createArtifactStore({ dir: null, siteId: 's', keepInMemory: false, code });
      await store.beginBuild();
      const key = store.kind(spec).key('the same', { inputs: 1 });
      store.endBuild(true);
      return key;
    };
    // The same inputs made by other code are another artifact; by the same code, the same one.
    expect(await keyWith(fixed('code one'))).not.toBe(await keyWith(fixed('code two')));
    expect(await keyWith(fixed('code one'))).toBe(await keyWith(fixed('code one')));
    const outside = (await reached(file)).filter((source) => !whole.has(source));
    expect(outside).toEqual([]);
  }, 60_000);

  it('changes with any file the entry points reach, and with nothing else', () => {
    const copy = path.join(tmp.dir, 'copy');
    const graph = { entries: { cli: { files: ['src/a.ts', 'src/b.ts'], packages: [] } } };
    mkdirSync(path.join(copy, 'src'), { recursive: true });
    writeFileSync(path.join(copy, 'src/a.ts'), 'a');
    writeFileSync(path.join(copy, 'src/b.ts'), 'b');
    writeFileSync(path.join(copy, 'src/unused.ts'), 'u');
    const before = fingerprintsOf(graph, copy).whole;
    writeFileSync(path.join(copy, 'src/unused.ts'), 'u2');
    expect(fingerprintsOf(graph, copy).whole).toBe(before);
    writeFileSync(path.join(copy, 'src/b.ts'), 'b2');
    expect(fingerprintsOf(graph, copy).whole).not.toBe(before);
  });
});
