// The server files of a watch session: reused while what they hold is the same, bundled again
// when a group's routes change, even for routes made of the same compiled page.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createServerBundler } from '../../../src/bundle/bundleSite.js';
import type { VirtualSources } from '../../../src/bundle/virtualModules.js';
import { tempDir } from '../../helpers.js';

const PAGE = { code: 'import { jsx } from "react/jsx-runtime";\nexport default function Guide() { return jsx("p", { children: "guide" }); }', excerptCode: null, absPath: path.resolve('site/docs/guide.mdx'), key: 'guide-v1' };

/** A site whose one compiled page is the route `name` (as a versioned site renames /docs/guide to /docs/next/guide). */
const sources = (name: string): VirtualSources => ({
  modules: new Map([['docs/guide.mdx', PAGE]]),
  routeEntries: new Map([[name, { content: { kind: 'mdx', relPath: 'docs/guide.mdx' } }]]),
  siteData: {},
  customCss: [],
});

describe('the server files of a watch session', () => {
  it('hold the routes of this build: reused for the same ones, bundled again for others made of the same page', async () => {
    const tmp = await tempDir();
    const bundler = createServerBundler({ workDir: path.join(tmp.dir, 'work'), incremental: true });
    const out = path.join(tmp.dir, 'ssr');
    try {
      const registry = async (name: string) => {
        const [file] = await bundler.bundle(sources(name), out, '/', [[name]]);
        expect(file!.names).toEqual([name]);
        const { routeModules } = (await import(pathToFileURL(file!.file).href)) as { routeModules: Record<string, unknown> };
        return { file: file!.file, routes: Object.keys(routeModules) };
      };
      const first = await registry('docs-guide');
      expect(first.routes).toEqual(['docs-guide']);
      // The same routes again: the same file.
      expect((await registry('docs-guide')).file).toBe(first.file);
      // Another route made of the same page: a file whose registry has it.
      const renamed = await registry('docs-next-guide');
      expect(renamed.routes).toEqual(['docs-next-guide']);
      expect(renamed.file).not.toBe(first.file);
    } finally {
      await bundler.dispose();
      await tmp.cleanup();
    }
  }, 60_000);
});
