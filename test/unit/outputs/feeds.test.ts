import { Feed } from 'feed';
import { describe, expect, it } from 'vitest';
import { normalizeConfig } from '../../../src/config/normalize.js';
import type { CompiledPage } from '../../../src/compiler/mdx/compile.js';
import { planRoutes } from '../../../src/model/routes.js';
import { buildSiteModel, type LoadedSource } from '../../../src/model/siteModel.js';
import { feedTexts, planFeeds, type FeedSite } from '../../../src/outputs/feeds.js';
import { readXml } from '../../readOutputs.js';

const source = (relPath: string, text: string): LoadedSource => ({ relPath, absPath: `/site/${relPath}`, section: 'blog', text });

/** Tags as people write them: markup, entities, quotes, and what ends a CDATA section. */
const TAGS = ['<b>bold</b>', 'a & b', 'say "hi"', "it's", 'x]]>y', 'a < b > c'];

function feedsOf(tags: string[], title = 'Post <one> & "two"') {
  const config = normalizeConfig({ title: 'T & <T>', url: 'https://t.example', navbar: { items: [] } }, '/site', '/site/sipadocs.config.ts');
  const front = `---\ntitle: ${JSON.stringify(title)}\ndescription: "Less < more & \\"so\\""\ntags: ${JSON.stringify(tags)}\n---\nText.\n`;
  const model = buildSiteModel(config, [source('blog/2025-01-01-post.mdx', front)], {}, 'sidebars.ts');
  const compiled = new Map(model.posts.map((post) => [post.source.relPath, { h1: null, toc: [] } as unknown as CompiledPage]));
  const { routes } = planRoutes(model, compiled, config);
  const site: FeedSite = { title: config.title, base: 'https://t.example', language: 'en', copyright: '© <T> & co', generator: 'sipadocs' };
  return planFeeds(model, routes, config).map((feed) => ({ feed, files: Object.fromEntries(feedTexts(feed, site, () => '<p>Text &amp; more</p>', Feed)) }));
}

/**
 * What a feed reader shows of each text and attribute: the text as read from the XML, or, for text
 * that is HTML (Atom's type="html", RSS's description), the text of that HTML, which must hold no
 * element (the post content aside).
 */
function readFeed(text: string): string[] {
  const { texts, attributes } = readXml(text);
  const shown = texts.map(({ element, text: value, html }) => {
    if (!html) return value;
    if (element !== 'content' && element !== 'content:encoded') expect(html.elements, `${element}: ${value}`).toEqual([]);
    return html.text;
  });
  return [...shown, ...attributes];
}

describe('feeds', () => {
  it('stay valid XML and JSON whatever the tags, titles and descriptions hold, and say them as written', () => {
    const feeds = feedsOf(TAGS);
    // The blog's feed and one per tag.
    expect(feeds).toHaveLength(1 + TAGS.length);
    for (const { feed, files } of feeds) {
      for (const [file, text] of Object.entries(files)) {
        if (file.endsWith('.json')) {
          const json = JSON.parse(text) as { title: string; items: Array<{ tags?: string[] }> };
          expect(json.title).toBe(feed.title);
          expect(json.items[0]!.tags).toEqual(TAGS);
          continue;
        }
        let read: string[] = [];
        expect(() => (read = readFeed(text)), `${file}:\n${text}`).not.toThrow();
        for (const tag of TAGS) expect(read, `${file} names the tag ${tag}`).toContain(tag);
        expect(read).toContain('Post <one> & "two"');
        expect(read).toContain(feed.title);
      }
    }
  });
});
