/**
 * A Docusaurus project with `@docusaurus/plugin-ideal-image`, built where it stands: an image a
 * doc requires or imports is the plugin's object of resized copies (its min, max and steps), and
 * `@theme/IdealImage` shows it with a srcset, a width and a height.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOnce } from '../../src/pipeline/build.js';
import { copyFixture, silentLogger, tempDir } from '../helpers.js';

describe('a Docusaurus project with the ideal-image plugin', () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  let out: string;
  let warnings: string[];

  beforeAll(async () => {
    tmp = await tempDir();
    const project = await copyFixture('docusaurus-ideal-image', tmp.dir);
    out = path.join(tmp.dir, 'out');
    const logger = silentLogger();
    const result = await buildOnce({ siteDir: project, outDir: out, logger });
    warnings = result.warnings;
  }, 120_000);
  afterAll(() => tmp.cleanup());

  it('gives a required and an imported image the copies min, max and steps ask for, shown with srcset, width and height', async () => {
    const html = await readFile(path.join(out, 'docs/intro.html'), 'utf8');
    for (const alt of ['Required', 'Imported']) {
      const img = new RegExp(`<img [^>]*alt="${alt}"[^>]*>`).exec(html)![0];
      const copies = [...img.matchAll(/\/_sipa\/a\/(wide-(\d+)w-[A-Z0-9]+\.png) (\d+)w/g)];
      expect(copies.map((m) => [Number(m[2]), Number(m[3])])).toEqual([[400, 400], [800, 800], [1200, 1200]]);
      expect(img).toMatch(/src="\/_sipa\/a\/wide-1200w-[A-Z0-9]+\.png"/);
      expect(img).toContain('width="1200" height="675"');
      expect(img).toContain('sizes="(max-width: 1200px) 100vw, 1200px"');
      expect(img).toContain('loading="lazy"');
      for (const [, file, width] of copies) {
        const meta = await sharp(path.join(out, '_sipa/a', file!)).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual(['png', Number(width), Math.round((Number(width) * 900) / 1600)]);
      }
    }
    // A markdown image is the theme's, shown as Docusaurus shows it: the image itself, no copies.
    const markdownImage = /<img src="\/_sipa\/img\/wide-[0-9a-f]{8}\.png" alt="Markdown"[^>]*>/.exec(html)?.[0];
    expect(markdownImage).toContain('width="1600" height="900"');
    expect(markdownImage).not.toContain('srcSet');
  });

  it('carries the plugin over without a warning', () => {
    expect(warnings.join('\n')).not.toContain('ideal-image');
  });
});
