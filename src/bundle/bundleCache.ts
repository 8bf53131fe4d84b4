import type { Metafile, OutputFile } from 'esbuild';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ArtifactKindSpec } from '../cache/artifacts.js';

/**
 * A bundle esbuild made, kept so that a build with the same inputs writes it again instead of
 * bundling: the client entry (the runtime and the theme, the same for every site without styles
 * or theme files of its own) and the server file that holds the renderer alone. Its key is what
 * the build was given; the content of every file it read is checked when it is found (see
 * ArtifactKind.put), so an edited theme file, custom style sheet or package makes it again.
 */
export interface KeptBundle {
  /** The parts of esbuild's metafile the bundle is read from (see readClientMetafile, readServerMetafile). */
  metafile: Pick<Metafile, 'inputs' | 'outputs'>;
  /** The folder the metafile's output paths are under (see esbuildPath), and the one its paths are relative to. */
  root: string;
  workingDir: string;
  /** The files, relative to `root`; binary ones (fonts, images) in base64. */
  files: Array<{ file: string; text?: string; base64?: string }>;
}

/** One artifact per bundle, the whole of it read only when found; kept for every site of the project (see ArtifactKindSpec.shared). */
export const KEPT_BUNDLES: ArtifactKindSpec<KeptBundle, null, KeptBundle> = {
  name: 'bundles',
  shared: true,
  disk: { record: () => null, blob: (bundle) => bundle, restore: (_record, blob) => blob() },
  // A watch session reuses its bundles itself (see createEsbuildRunner).
  keepInBuild: true,
};

const TEXT_FILE = /\.(js|mjs|css|svg|json|map|txt)$/;

/** What to keep of a bundle esbuild gave (`outputs` under `root`). */
export function keptBundle(metafile: Metafile, root: string, workingDir: string, outputs: readonly OutputFile[]): KeptBundle {
  return {
    metafile: { inputs: metafile.inputs, outputs: metafile.outputs },
    root,
    workingDir,
    files: outputs.map((output) => {
      const file = path.relative(root, output.path).split(path.sep).join('/');
      return TEXT_FILE.test(file) ? { file, text: output.text } : { file, base64: Buffer.from(output.contents).toString('base64') };
    }),
  };
}

/** Writes a kept bundle's files into `outDir`, as esbuild would have; returns their absolute paths. */
export async function writeKeptBundle(bundle: KeptBundle, outDir: string): Promise<string[]> {
  return writeFiles(
    bundle.files.map(({ file, text, base64 }) => ({ file, contents: text !== undefined ? Buffer.from(text) : Buffer.from(base64!, 'base64') })),
    outDir,
  );
}

/**
 * Writes a bundle's files (paths relative to `outDir`, with `/`) one after the other: a bundle is
 * a hundred files or so, and writing them all at once would open as many files, more than a
 * process limited to 64 may (`ulimit -n`). A file `keep` says the last good output has, same-named
 * and same-sized, is not written (see KeepFile). Returns their absolute paths.
 */
export async function writeFiles(files: ReadonlyArray<{ file: string; contents: Uint8Array }>, outDir: string, keep?: (relPath: string, size: number) => boolean): Promise<string[]> {
  const made = new Set<string>();
  const targets: string[] = [];
  for (const { file, contents } of files) {
    const target = path.join(outDir, file);
    targets.push(target);
    if (keep?.(file, contents.byteLength)) continue;
    const dir = path.dirname(target);
    if (!made.has(dir)) {
      await mkdir(dir, { recursive: true });
      made.add(dir);
    }
    await writeFile(target, contents);
  }
  return targets;
}
