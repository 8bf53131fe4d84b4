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
  return Promise.all(
    bundle.files.map(async ({ file, text, base64 }) => {
      const target = path.join(outDir, file);
      const contents = text !== undefined ? Buffer.from(text) : Buffer.from(base64!, 'base64');
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, contents);
      return target;
    }),
  );
}
