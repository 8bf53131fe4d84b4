import { existsSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { build, type Metafile } from 'esbuild';
import fg from 'fast-glob';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The import graph of src/ and templates/ as esbuild sees it: every source file is an entry, so no
 * file escapes; type-only imports are gone (they vanish from the output) and dynamic imports count.
 * Paths are relative to the repository root; packages and virtual modules are left out of the graph
 * but kept as each file's external imports. `typeEdges` adds the type-only imports, which a
 * structure drawing must show too: a module naming another's types depends on it.
 */
interface ImportGraph {
  /** File -> the source files it imports. */
  edges: Map<string, string[]>;
  /** File -> the source files it imports, type-only imports included. */
  typeEdges: Map<string, string[]>;
  /** File -> the packages and built-in modules it imports. */
  externals: Map<string, string[]>;
}

const root = process.cwd();

export async function importGraph(files: string[]): Promise<ImportGraph> {
  const result = await build({
    entryPoints: files.map((file) => path.join(root, file)),
    bundle: true,
    write: false,
    metafile: true,
    outdir: path.join(root, '.architecture-test-out'),
    platform: 'node',
    format: 'esm',
    jsx: 'automatic',
    // Packages and the bundler's virtual modules (sipa:site-data, …) are leaves of the graph.
    packages: 'external',
    external: ['sipa:*', '@theme/*', '@docusaurus/*'],
    loader: { '.css': 'empty', '.svg': 'empty', '.png': 'empty', '.woff2': 'empty' },
    logLevel: 'silent',
  });
  return graphOf(result.metafile);
}

function graphOf(metafile: Metafile): ImportGraph {
  const edges = new Map<string, string[]>();
  const typeEdges = new Map<string, string[]>();
  const externals = new Map<string, string[]>();
  for (const [file, input] of Object.entries(metafile.inputs)) {
    if (!isSource(file)) continue;
    edges.set(file, input.imports.filter((imported) => !imported.external && isSource(imported.path)).map((imported) => imported.path));
    externals.set(file, input.imports.filter((imported) => imported.external).map((imported) => imported.path));
    typeEdges.set(file, [...new Set([...edges.get(file)!, ...relativeImports(file)])]);
  }
  return { edges, typeEdges, externals };
}

/** The source files a file names in any import or export, `import type` included (TypeScript's own scan of them). */
function relativeImports(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(path.join(root, file), 'utf8'), true, true);
  return importedFiles.flatMap(({ fileName }) => {
    if (!fileName.startsWith('.')) return [];
    const base = path.posix.join(path.posix.dirname(file), fileName).replace(/\.js$/, '');
    const found = ['.ts', '.tsx', '/index.ts'].map((ending) => base + ending).find((candidate) => existsSync(path.join(root, candidate)));
    return found && isSource(found) ? [found] : [];
  });
}

const isSource = (file: string) => /^(src|templates)\//.test(file) && /\.tsx?$/.test(file);

/** The import cycles of a graph: its strongly connected components of more than one file (or a file importing itself). */
export function cyclesOf(edges: Map<string, string[]>): string[][] {
  // Tarjan's algorithm, iterative so a deep graph cannot overflow the stack.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  let next = 0;
  for (const start of edges.keys()) {
    if (index.has(start)) continue;
    const work: Array<{ node: string; child: number }> = [{ node: start, child: 0 }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const children = edges.get(frame.node) ?? [];
      if (frame.child < children.length) {
        const child = children[frame.child++];
        if (!index.has(child)) {
          index.set(child, next);
          low.set(child, next++);
          stack.push(child);
          onStack.add(child);
          work.push({ node: child, child: 0 });
        } else if (onStack.has(child)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(child)!));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent)!, low.get(frame.node)!));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        if (component.length > 1 || children.includes(frame.node)) cycles.push(component.sort());
      }
    }
  }
  return cycles;
}

/** The browser side: the client runtime, the theme, and the React entries the build renders pages and theme shells with. */
const browserSide = (file: string) => /^(src\/client|templates)\//.test(file) || file === 'src/render/ssrEntry.tsx' || file === 'src/render/shellEntry.tsx';
const nodeBuiltins = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));

describe('the import graph of src/ and templates/', () => {
  let graph: ImportGraph;
  beforeAll(async () => {
    const files = await fg(['src/**/*.{ts,tsx}', 'templates/**/*.{ts,tsx}'], { cwd: root, ignore: ['**/*.d.ts'] });
    graph = await importGraph(files);
  }, 60_000);

  it('has no cycle between files, type-only imports included', () => {
    expect(cyclesOf(graph.typeEdges)).toEqual([]);
  });

  it('has no cycle between folders (src/pipeline, src/render, …, templates), type-only imports included', () => {
    // A file at the top of src/ (errors.ts, api.ts, …) stands for itself.
    const folderOf = (file: string) => (file.startsWith('templates/') ? 'templates' : file.split('/').length > 2 ? file.split('/').slice(0, 2).join('/') : file);
    const folders = new Map<string, string[]>();
    for (const [file, imports] of graph.typeEdges) {
      const from = folderOf(file);
      const to = new Set([...(folders.get(from) ?? []), ...imports.map(folderOf).filter((folder) => folder !== from)]);
      folders.set(from, [...to]);
    }
    expect(cyclesOf(folders)).toEqual([]);
  });

  it('keeps client/ and templates/ to client/, shared/, templates/ and browser packages', () => {
    const wrong: string[] = [];
    for (const [file, imports] of graph.edges) {
      if (!browserSide(file)) continue;
      for (const imported of imports) if (!/^(src\/client|src\/shared|templates)\//.test(imported)) wrong.push(`${file} -> ${imported}`);
      for (const external of graph.externals.get(file) ?? []) if (nodeBuiltins.has(external)) wrong.push(`${file} -> ${external}`);
    }
    expect(wrong).toEqual([]);
  });

  it('keeps shared/ to itself', () => {
    const wrong: string[] = [];
    for (const [file, imports] of graph.edges) {
      if (!file.startsWith('src/shared/')) continue;
      for (const imported of imports) if (!imported.startsWith('src/shared/')) wrong.push(`${file} -> ${imported}`);
      for (const external of graph.externals.get(file) ?? []) wrong.push(`${file} -> ${external}`);
    }
    expect(wrong).toEqual([]);
  });

  it('lets no Node-side file reach the client entry', () => {
    const reached = new Set<string>();
    const queue = ['src/client/entry.tsx'];
    while (queue.length > 0) {
      const file = queue.pop()!;
      if (reached.has(file)) continue;
      reached.add(file);
      queue.push(...(graph.edges.get(file) ?? []));
    }
    expect(reached.size).toBeGreaterThan(10);
    expect([...reached].filter((file) => !browserSide(file) && !file.startsWith('src/shared/'))).toEqual([]);
    expect([...reached].flatMap((file) => (graph.externals.get(file) ?? []).filter((external) => nodeBuiltins.has(external)))).toEqual([]);
  });
});

describe('cyclesOf', () => {
  it('finds a cycle through several files and a file importing itself, and nothing in a tree', () => {
    const edges = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
      ['e', ['e']],
      ['f', ['d']],
    ]);
    expect(cyclesOf(edges)).toEqual([['a', 'b', 'c'], ['e']]);
    expect(cyclesOf(new Map([['a', ['b', 'c']], ['b', ['c']], ['c', []]]))).toEqual([]);
  });
});
