// The config's services: analytics' head tags and policy sources, DocSearch's hosts, and what the schema refuses.
import { describe, expect, it } from 'vitest';
import { algoliaSources } from '../../../src/config/algolia.js';
import { analyticsOf } from '../../../src/config/analytics.js';
import { normalizeConfig } from '../../../src/config/normalize.js';
import { configSchema } from '../../../src/config/schema.js';
import { validate } from '../../../src/config/validate.js';
import { docSearchModuleCode } from '../../../src/bundle/virtualModules.js';

describe('analytics', () => {
  it('writes nothing and allows nothing when none is set', () => {
    expect(analyticsOf({})).toEqual({ tags: [], sources: {} });
  });

  it("tells analytics.js of each page the site's client router opens", () => {
    const { tags, sources } = analyticsOf({ googleAnalytics: { trackingID: 'UA-1-2', anonymizeIP: true } });
    const inline = tags.find((tag) => tag.tagName === 'script' && tag.innerHTML)!.innerHTML!;
    expect(inline).toContain("ga('create','UA-1-2','auto');ga('set','anonymizeIp',true);ga('send','pageview');");
    expect(inline).toContain('h.pushState=function()');
    expect(tags.at(-1)).toEqual({ tagName: 'script', attributes: { async: true, src: 'https://www.google-analytics.com/analytics.js' } });
    expect(sources['script-src']).toEqual(['https://www.google-analytics.com']);
  });

  it('lets gtag.js load analytics.js for a Universal Analytics id only', () => {
    expect(analyticsOf({ gtag: { trackingID: 'G-1' } }).sources['script-src']).toEqual(['https://www.googletagmanager.com']);
    expect(analyticsOf({ gtag: { trackingID: 'UA-1-1' } }).sources['script-src']).toEqual(['https://www.googletagmanager.com', 'https://www.google-analytics.com']);
  });

  it("sends Plausible's events to a self-hosted script's own origin", () => {
    const { tags, sources } = analyticsOf({ plausible: { domain: 'a.example,b.example', src: 'https://stats.example/js/script.js' } });
    expect(tags).toEqual([{ tagName: 'script', attributes: { defer: true, 'data-domain': 'a.example,b.example', src: 'https://stats.example/js/script.js' } }]);
    expect(sources).toEqual({ 'connect-src': ['https://stats.example'] });
  });

  it('lets Google Tag Manager show its preview frame', () => {
    expect(analyticsOf({ googleTagManager: { containerId: 'GTM-1' } }).sources['frame-src']).toEqual(['https://www.googletagmanager.com']);
  });
});

describe('the schema of the services', () => {
  const issues = (config: Record<string, unknown>) => validate({ title: 'T', url: 'https://x.example', ...config }, configSchema).map((issue) => issue.message);

  it('refuses an id that could end the script it is written into', () => {
    expect(issues({ gtag: { trackingID: "G-1');alert(1)//" } })[0]).toMatch(/^gtag\.trackingID must be a measurement id/);
    expect(issues({ gtag: { trackingID: [] } })[0]).toMatch(/^gtag\.trackingID must be a measurement id/);
    expect(issues({ googleTagManager: { containerId: 'GTM 1' } })[0]).toMatch(/^googleTagManager\.containerId must be an id/);
    expect(issues({ plausible: { domain: 'x"><script>' } })[0]).toMatch(/^plausible\.domain must be the site's domain/);
    expect(issues({ gtag: { trackingID: ['G-1', 'UA-2-3'] }, googleAnalytics: { trackingID: 'UA-2-3' }, plausible: { domain: 'x.example' } })).toEqual([]);
  });

  it("requires DocSearch's application, key and index", () => {
    expect(issues({ algolia: { apiKey: 'k' } })).toEqual(expect.arrayContaining([expect.stringMatching(/algolia\.appId/), expect.stringMatching(/algolia\.indexName/)]));
    expect(issues({ algolia: { appId: 'A', apiKey: 'k', indexName: 'i', searchPagePath: 'search' } })).toEqual([expect.stringMatching(/algolia\.searchPagePath/)]);
  });
});

describe('DocSearch', () => {
  it("reaches the application's hosts, and Algolia Insights only when asked", () => {
    expect(algoliaSources('AbC1', false)).toEqual({ 'connect-src': ['https://abc1-dsn.algolia.net', 'https://abc1-1.algolianet.com', 'https://abc1-2.algolianet.com', 'https://abc1-3.algolianet.com'] });
    expect(algoliaSources('AbC1', true)['connect-src']).toContain('https://insights.algolia.io');
  });

  it("takes Docusaurus's defaults: contextual search on, insights off", () => {
    const config = normalizeConfig({ title: 'T', url: 'https://x.example', algolia: { appId: 'A', apiKey: 'k', indexName: 'i' } }, '/site', '/site/sipadocs.config.ts');
    expect(config.algolia).toEqual({ appId: 'A', apiKey: 'k', indexName: 'i', contextualSearch: true, searchParameters: {}, insights: false });
    expect(config.policySources['connect-src']).toContain('https://a-dsn.algolia.net');
    expect(normalizeConfig({ title: 'T', url: 'https://x.example' }, '/site', '/site/sipadocs.config.ts').algolia).toBeNull();
  });

  it('is bundled with the sites that set it only', () => {
    expect(docSearchModuleCode({ algolia: { appId: 'A' } })).toMatch(/^export \{ openDocSearch \} from ".*templates\/search\/docSearch\.ts";$/);
    expect(docSearchModuleCode({ search: true })).toBe('export const openDocSearch = null;');
  });
});
