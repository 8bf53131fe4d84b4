// What migrate makes of a Docusaurus project's head: headTags, scripts and stylesheets as they are,
// Google's analytics (preset options or plugins) as sipadocs's settings of the same names, and the
// PWA plugin's pwaHead tags with the base URL.
import { describe, expect, it } from 'vitest';
import { MigrationNotes } from '../../../src/docusaurus/notes.js';
import { readDocusaurusConfig } from '../../../src/docusaurus/readConfig.js';
import type { Evaluated } from '../../../src/docusaurus/sandbox.js';

function read(config: Evaluated) {
  const notes = new MigrationNotes();
  const site = readDocusaurusConfig({ title: 'T', url: 'https://t.example', themeConfig: {}, ...(config as object) }, '/projects/p', notes);
  return { site, notes, skipped: notes.notCarriedItems.map((note) => `${note.item} — ${note.reason}`) };
}

describe('the head of a migrated site', () => {
  it("carries the config's headTags, scripts and stylesheets, and names an entry it cannot write", () => {
    const { site, skipped } = read({
      headTags: [{ tagName: 'link', attributes: { rel: 'preconnect', href: 'https://cdn.example' } }, { tagName: 'base', attributes: { href: '/' } }],
      scripts: ['https://cdn.example/a.js', { src: '/b.js', defer: true }, { async: true }],
      stylesheets: [{ href: 'https://fonts.example/css', type: 'text/css' }],
    });
    expect(site.site.headTags).toEqual([{ tagName: 'link', attributes: { rel: 'preconnect', href: 'https://cdn.example' } }]);
    expect(site.site.scripts).toEqual(['https://cdn.example/a.js', { src: '/b.js', defer: true }]);
    expect(site.site.stylesheets).toEqual([{ href: 'https://fonts.example/css', type: 'text/css' }]);
    expect(skipped).toEqual([
      'headTags.1: {"tagName":"base","attributes":{"href":"/"}} — it.tagName must be one of meta, link, script, style, noscript, got "base"',
      'scripts.2: {"async":true} — it.src is required: the URL to load',
    ]);
  });

  it("carries the preset's gtag as sipadocs's gtag, as jest has it", () => {
    const { site, skipped, notes } = read({ presets: [['@docusaurus/preset-classic', { gtag: { trackingID: 'UA-44373548-17' } }]] });
    expect(skipped).toEqual([]);
    expect(site.site.gtag).toEqual({ trackingID: 'UA-44373548-17' });
    expect(site.site.headTags).toBeUndefined();
    expect(notes.carried).toContain("presets.classic.gtag: Google Analytics (UA-44373548-17) as gtag; the pages' Content-Security-Policy allows it");
  });

  it('reads the analytics plugins too: gtag with several ids and anonymized IPs, analytics.js, and Google Tag Manager', () => {
    const gtag = read({ plugins: [['@docusaurus/plugin-google-gtag', { trackingID: ['G-A', 'G-B'], anonymizeIP: true }]] });
    expect(gtag.skipped).toEqual([]);
    expect(gtag.site.site.gtag).toEqual({ trackingID: ['G-A', 'G-B'], anonymizeIP: true });
    const ga = read({ plugins: [['/projects/p/node_modules/@docusaurus/plugin-google-analytics/lib/index.js', { trackingID: 'UA-1' }]] });
    expect(ga.site.site.googleAnalytics).toEqual({ trackingID: 'UA-1' });
    const gtm = read({ presets: [['classic', { googleTagManager: { containerId: 'GTM-X1' } }]], plugins: [] });
    expect(gtm.skipped).toEqual([]);
    expect(gtm.site.site.googleTagManager).toEqual({ containerId: 'GTM-X1' });
    expect(read({ plugins: [['@docusaurus/plugin-google-tag-manager', { containerId: 'GTM-Y2' }]] }).site.site.googleTagManager).toEqual({ containerId: 'GTM-Y2' });
    // An id that could break out of the script is not carried.
    expect(read({ presets: [['classic', { gtag: { trackingID: "x');alert(1);('" } }]] }).skipped).toEqual([
      'presets.classic.gtag: {"trackingID":"x\');alert(1);(\'"} — no trackingID sipadocs can write into a script was given',
    ]);
  });

  it("carries the PWA plugin's pwaHead tags with the base URL, and names the service worker it has no counterpart of", () => {
    const { site, skipped } = read({
      baseUrl: '/docs-site/',
      plugins: [['@docusaurus/plugin-pwa', { pwaHead: [
        { tagName: 'link', rel: 'icon', href: 'img/jest.png' },
        { tagName: 'link', rel: 'manifest', href: '/docs-site/manifest.json' },
        { tagName: 'meta', name: 'theme-color', content: '#FFF' },
        { tagName: 'link', rel: 'mask-icon', href: 'img/jest.svg', color: '#15c213' },
        { tagName: 'meta', name: 'msapplication-TileImage', content: 'img/jest.png' },
        { tagName: 'link', rel: 'apple-touch-icon', href: 'https://cdn.example/icon.png' },
      ] }]],
    });
    expect(site.site.headTags).toEqual([
      { tagName: 'link', attributes: { rel: 'icon', href: '/docs-site/img/jest.png' } },
      { tagName: 'link', attributes: { rel: 'manifest', href: '/docs-site/manifest.json' } },
      { tagName: 'meta', attributes: { name: 'theme-color', content: '#FFF' } },
      { tagName: 'link', attributes: { rel: 'mask-icon', href: '/docs-site/img/jest.svg', color: '#15c213' } },
      { tagName: 'meta', attributes: { name: 'msapplication-TileImage', content: '/docs-site/img/jest.png' } },
      { tagName: 'link', attributes: { rel: 'apple-touch-icon', href: 'https://cdn.example/icon.png' } },
    ]);
    expect(skipped).toEqual(['plugins (pwa): the service worker — sipadocs makes no service worker, so the site has no offline mode; the pwaHead tags were carried']);
  });
});
