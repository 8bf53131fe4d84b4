import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'esbuild';
import { svgComponentModule } from './svgComponent.js';

/** Image files a page may import or require; the bundler copies them into the output under hashed names. */
export const IMAGE_FILE = /\.(png|jpe?g|gif|webp|avif|svg)$/i;

const NS = 'sipa-image';
const SVG_COMPONENT_NS = 'sipa-svg-component';

/**
 * Makes an imported image an ES module whose default export is its URL, as Docusaurus content
 * expects: `import url from './x.png'` and `require('./x.png').default` both give the URL. (The
 * bundler's file loader alone makes `require()` return the bare string, with no `default`.)
 * The image itself still goes through the file loader, so it is emitted once, content-hashed.
 *
 * @param svgComponents whether an SVG file that code imports is a React component drawing it
 *   instead (the site's `svgImports: 'component'`, as Docusaurus's SVGR loader does; see svgComponent.ts)
 */
export function imageModulesPlugin(svgComponents: () => boolean = () => false): Plugin {
  return {
    name: 'sipadocs-image-modules',
    setup(build) {
      build.onResolve({ filter: IMAGE_FILE }, async (args) => {
        // The wrapper's own import (an absolute path, which nothing else resolves outside the file namespace): the file itself.
        if (args.namespace === NS) return { path: args.path };
        // CSS url() and this plugin's own look-up: the usual resolution.
        if (args.pluginData?.image || !['import-statement', 'require-call', 'dynamic-import'].includes(args.kind)) return undefined;
        const resolved = await build.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: { image: true } });
        if (resolved.errors.length > 0) return { errors: resolved.errors };
        const component = svgComponents() && /\.svg$/i.test(resolved.path);
        return { path: resolved.path, namespace: component ? SVG_COMPONENT_NS : NS };
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
