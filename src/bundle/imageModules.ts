import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'esbuild';
import { imageSize } from 'image-size';
import type { ArtifactKind, ArtifactStore } from '../cache/artifacts.js';
import type { IdealImageSettings } from '../config/images.js';
import { encodedVariant, IMAGE_VARIANTS, type EncodedImage } from '../compiler/compile/imageEncoder.js';
import { idealImageVariants, type ImageVariant } from '../compiler/compile/imageVariants.js';
import { svgComponentModule } from './svgComponent.js';
import type { VirtualSources } from './virtualModules.js';

/** Image files a page may import or require; the bundler copies them into the output under hashed names. */
export const IMAGE_FILE = /\.(png|jpe?g|gif|webp|avif|svg)$/i;

const NS = 'sipa-image';
const SVG_COMPONENT_NS = 'sipa-svg-component';
const IDEAL_NS = 'sipa-ideal-image';
const VARIANT_NS = 'sipa-ideal-variant';
/** The images Docusaurus's ideal-image plugin turns into its object of resized copies. */
const IDEAL_IMAGE_FILE = /\.(png|jpe?g)$/i;

/** The ideal-image plugin in a bundle: its settings, and where encoded copies are kept. */
export interface IdealImageBundling {
  settings: IdealImageSettings;
  variants: () => ArtifactKind<EncodedImage>;
}

/**
 * Makes an imported image an ES module whose default export is its URL, as Docusaurus content
 * expects: `import url from './x.png'` and `require('./x.png').default` both give the URL. (The
 * bundler's file loader alone makes `require()` return the bare string, with no `default`.)
 * The image itself still goes through the file loader, so it is emitted once, content-hashed.
 *
 * @param svgComponents whether an SVG file that code imports is a React component drawing it
 *   instead (the site's `svgImports: 'component'`, as Docusaurus's SVGR loader does; see svgComponent.ts)
 */
export function imageModulesPlugin(svgComponents: () => boolean = () => false, idealImage: () => IdealImageBundling | null = () => null): Plugin {
  return {
    name: 'sipadocs-image-modules',
    setup(build) {
      build.onResolve({ filter: /^sipa-ideal-variant:/ }, (args) => {
        const [, width, source] = /^sipa-ideal-variant:(\d+):(.*)$/.exec(args.path)!;
        return { path: source!.replace(/(\.[^./]+)$/, `-${width}w$1`), namespace: VARIANT_NS, pluginData: { source, width: Number(width) } };
      });
      build.onResolve({ filter: IMAGE_FILE }, async (args) => {
        // The wrapper's own import (an absolute path, which nothing else resolves outside the file namespace): the file itself.
        if (args.namespace === NS || args.namespace === IDEAL_NS) return { path: args.path };
        // CSS url() and this plugin's own look-up: the usual resolution.
        if (args.pluginData?.image || !['import-statement', 'require-call', 'dynamic-import'].includes(args.kind)) return undefined;
        const resolved = await build.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: { image: true } });
        if (resolved.errors.length > 0) return { errors: resolved.errors };
        const component = svgComponents() && /\.svg$/i.test(resolved.path);
        const ideal = !component && idealImage() !== null && IDEAL_IMAGE_FILE.test(resolved.path);
        return { path: resolved.path, namespace: component ? SVG_COMPONENT_NS : ideal ? IDEAL_NS : NS };
      });
      build.onLoad({ filter: /.*/, namespace: IDEAL_NS }, async (args) => {
        const bundling = idealImage();
        const data = await readFile(args.path);
        const variants = bundling ? plannedVariants(args.path, data, bundling.settings) : [];
        if (variants.length === 0) return { contents: `export { default } from ${JSON.stringify(args.path)};`, loader: 'js', watchFiles: [args.path] };
        return { contents: idealImageModule(args.path, variants), loader: 'js', resolveDir: path.dirname(args.path), watchFiles: [args.path] };
      });
      build.onLoad({ filter: /.*/, namespace: VARIANT_NS }, async (args) => {
        const { source, width } = args.pluginData as { source: string; width: number };
        const bundling = idealImage()!;
        const data = await readFile(source);
        const variant = plannedVariants(source, data, bundling.settings).find((v) => v.width === width)!;
        const encoded = await encodedVariant(bundling.variants(), data, createHash('sha256').update(data).digest('hex'), variant);
        return { contents: encoded.bytes(), loader: 'file', watchFiles: [source] };
      });
      build.onLoad({ filter: /.*/, namespace: SVG_COMPONENT_NS }, async (args) => {
        const text = await readFile(args.path, 'utf8');
        try {
          return { contents: svgComponentModule(text), loader: 'js', resolveDir: path.dirname(args.path), watchFiles: [args.path] };
        } catch (error) {
          return { errors: [{ text: `cannot import ${args.path} as a component: ${(error as Error).message}` }] };
        }
      });
      build.onLoad({ filter: /.*/, namespace: NS }, (args) => ({
        contents: `export { default } from ${JSON.stringify(args.path)};`,
        loader: 'js',
      }));
    },
  };
}

/** The copies the ideal-image plugin makes of an image file, by its size; none when its size cannot be read. */
function plannedVariants(file: string, data: Buffer, settings: IdealImageSettings): ImageVariant[] {
  let size: { width?: number; height?: number; orientation?: number };
  try {
    size = imageSize(data);
  } catch {
    return [];
  }
  const turned = (size.orientation ?? 1) >= 5;
  return idealImageVariants({ file, width: turned ? size.height : size.width, height: turned ? size.width : size.height }, settings);
}

/**
 * The module of an image under Docusaurus's ideal-image plugin, as its loaders shape it: a
 * CommonJS object (so `require('./x.png')` is the object itself, as in webpack), `src` holding
 * the copies (`images`, each `{ path, width, height }`, smallest first, and as a `srcSet`
 * string), the largest as `src.src` with its size. The original file is imported too: it is
 * what the bundle's cache checks the module's content by.
 */
function idealImageModule(file: string, variants: readonly ImageVariant[]): string {
  const images = variants.map((v) => `{ path: require(${JSON.stringify(`sipa-ideal-variant:${v.width}:${file}`)}), width: ${v.width}, height: ${v.height} }`);
  const largest = variants[variants.length - 1]!;
  return [
    `require(${JSON.stringify(file)});`,
    `const images = [${images.join(', ')}];`,
    `const src = { srcSet: images.map((image) => image.path + ' ' + image.width + 'w').join(','), images, src: images[images.length - 1].path, width: ${largest.width}, height: ${largest.height}, toString() { return this.src; } };`,
    'module.exports = { src, toString() { return src.src; } };',
  ].join('\n');
}

/**
 * The ideal-image plugin of a bundle of these sources, or null: when the site has none, or in a
 * watch session when the plugin leaves images plain there (`disableInDev`, as `docusaurus start` does).
 */
export function idealImageBundling(sources: VirtualSources | null, dev: boolean, artifacts: ArtifactStore): IdealImageBundling | null {
  const settings = sources?.idealImage ?? null;
  if (!settings || (dev && settings.disableInDev)) return null;
  return { settings, variants: () => artifacts.kind(IMAGE_VARIANTS) };
}
