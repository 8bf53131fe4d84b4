// What migrate makes of a Docusaurus project's head: headTags, scripts and stylesheets as they are,
// Google Analytics (preset options or plugins) as the tags its plugins write, the PWA plugin's
// pwaHead tags with the base URL, and the policy sources the analytics need in _headers.
import { describe, expect, it } from 'vitest';
import { headSettingIssues } from '../../../src/config/headSettings.js';
import { policyHeadersText } from '../../../src/docusaurus/headSettings.js';
import { MigrationNotes } from '../../../src/docusaurus/notes.js';
import { readDocusaurusConfig } from '../../../src/docusaurus/readConfig.js';
import type { Evaluated } from '../../../src/docusaurus/sandbox.js';
import { takeSitePolicy } from '../../../src/server/sitePolicy.js';

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
    expect(site.headersPolicy).toEqual({});
  });

  it("writes the preset's gtag as gtag.js and its configuration, as jest has it, with Google Analytics' endpoints for _headers", () => {
    const { site, skipped, notes } = read({ presets: [['@docusaurus/preset-classic', { gtag: { trackingID: 'UA-44373548-17' } }]] });
    expect(skipped).toEqual([]);
    expect(site.site.headTags).toEqual([
      { tagName: 'link', attributes: { rel: 'preconnect', href: 'https://www.google-analytics.com' } },
      { tagName: 'link', attributes: { rel: 'preconnect', href: 'https://www.googletagmanager.com' } },
      { tagName: 'script', attributes: { async: true, src: 'https://www.googletagmanager.com/gtag/js?id=UA-44373548-17' } },
      { tagName: 'script', innerHTML: "window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}gtag('js',new Date());gtag('config',\"UA-44373548-17\");" },
    ]);
    expect(headSettingIssues({ headTags: site.site.headTags })).toEqual([]);
    expect(notes.carried).toContain("presets.classic.gtag: Google Analytics (UA-44373548-17) as head tags loading gtag.js; the pages' Content-Security-Policy allows it, and static/_headers lets it send its measurements");
    const headers = policyHeadersText(site.headersPolicy)!;
    // Read back as the build reads a site's _headers: connections to Google Analytics, and
    // analytics.js, which gtag.js loads for a Universal Analytics id.
    expect(takeSitePolicy(headers).sources).toEqual({
      'connect-src': ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
      'script-src': ['https://www.google-analytics.com'],
    });
  });

  it('reads the analytics plugins too: gtag with several ids and anonymized IPs, and analytics.js', () => {
    const gtag = read({ plugins: [['@docusaurus/plugin-google-gtag', { trackingID: ['G-A', 'G-B'], anonymizeIP: true }]] });
    expect(gtag.skipped).toEqual([]);
    expect(gtag.site.site.headTags!.at(-1)!.innerHTML).toBe(
      "window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}gtag('js',new Date());gtag('config',\"G-A\",{anonymize_ip:true});gtag('config',\"G-B\",{anonymize_ip:true});",
    );
    expect(gtag.site.site.headTags![2]!.attributes!.src).toBe('https://www.googletagmanager.com/gtag/js?id=G-A');
    // GA4 ids need no analytics.js.
    expect(gtag.site.headersPolicy['script-src']).toBeUndefined();
    const ga = read({ plugins: [['/projects/p/node_modules/@docusaurus/plugin-google-analytics/lib/index.js', { trackingID: 'UA-1' }]] });
    expect(ga.site.site.headTags!.map((tag) => tag.attributes?.src ?? tag.innerHTML ?? tag.attributes?.rel)).toEqual([
      'preconnect',
      "window.ga=window.ga||function(){(ga.q=ga.q||[]).push(arguments)};ga.l=+new Date;ga('create',\"UA-1\",'auto');ga('send','pageview');",
      'https://www.google-analytics.com/analytics.js',
    ]);
    // An id that could break out of the script is not written.
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
