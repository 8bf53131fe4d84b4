/**
 * Settings of a site's config built into its pages. The services it turns on: Algolia DocSearch
 * beside the built-in search, and analytics (gtag, Google Tag Manager, Plausible); each writes
 * what it needs into the pages and widens the pages' Content-Security-Policy by what it loads and
 * where it sends, and DocSearch's code is bundled only with a site that sets `algolia`. The look:
 * the announcement bar's colours, the navbar logo's link, target and size.
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOnce } from '../../src/pipeline/build.js';
import { copyFixture, silentLogger, tempDir } from '../helpers.js';

let tmp: Awaited<ReturnType<typeof tempDir>>;
let withServices: string;
/** The basic fixture with the services and look settings (SERVICES). */
let plain: string;
let docusaurus: string;

/** A Docusaurus 2 beta project as recoil's is set up: DocSearch named by its key and index only, analytics given to the preset. */
const DOCUSAURUS_CONFIG = `module.exports = {
  title: 'Services', url: 'https://services.example', baseUrl: '/',
  presets: [['@docusaurus/preset-classic', {
    docs: {},
    blog: false,
    googleAnalytics: { trackingID: 'UA-44373548-46' },
    googleTagManager: { containerId: 'GTM-XYZ9' },
  }]],
  themeConfig: { algolia: { apiKey: '9c5a009951e793525603922b8ca66628', indexName: 'recoiljs' }, metadata: [{ name: 'keywords', content: 'state, react' }] },
};
`;

async function buildDocusaurusProject(): Promise<string> {
  const project = path.join(tmp.dir, 'docusaurus');
  await mkdir(path.join(project, 'docs'), { recursive: true });
  await mkdir(path.join(project, 'src', 'pages'), { recursive: true });
  await writeFile(path.join(project, 'src', 'pages', 'index.md'), '# Home\n');
  await writeFile(path.join(project, 'docusaurus.config.js'), DOCUSAURUS_CONFIG);
  await writeFile(path.join(project, 'docs', 'intro.md'), '# Intro\n\nSome text.\n');
  const out = path.join(tmp.dir, 'docusaurus-out');
  await buildOnce({ siteDir: project, outDir: out, logger: silentLogger() });
  return out;
}

const SERVICES = `
  algolia: { appId: 'TESTAPP1', apiKey: 'public-search-key', indexName: 'fixture', placeholder: 'Search the fixture' },
  gtag: { trackingID: ['G-FIRST1', 'G-SECOND2'], anonymizeIP: true },
  googleTagManager: { containerId: 'GTM-ABC123' },
  plausible: { domain: 'fixture.example' },
  announcementBar: { id: 'ua', content: 'Support Ukraine', backgroundColor: '#20232a', textColor: '#fff' },
  navbar: { logo: { src: 'img/logo.svg', alt: 'Logo', href: 'https://home.example', width: 120, height: 40 } },`;

/** Builds the basic fixture with the given keys added to its config; the output folder. */
async function build(name: string, keys: string): Promise<string> {
  const site = await copyFixture('basic', path.join(tmp.dir, name));
  const configFile = path.join(site, 'sipadocs.config.ts');
  const config = await readFile(configFile, 'utf8');
  await writeFile(configFile, config.replace("title: 'Fixture',", `title: 'Fixture',${keys}`));
  const out = path.join(tmp.dir, name, 'out');
  await buildOnce({ siteDir: site, outDir: out, logger: silentLogger() });
  return out;
}

/** The text of every script the build wrote. */
async function scripts(out: string): Promise<string> {
  const files = (await readdir(path.join(out, '_sipa'), { recursive: true })).filter((file) => file.endsWith('.js'));
  return (await Promise.all(files.map((file) => readFile(path.join(out, '_sipa', file), 'utf8')))).join('\n');
}

const head = async (out: string, file: string) => /<head>[\s\S]*<\/head>/.exec(await readFile(path.join(out, file), 'utf8'))![0];
const policy = async (out: string) => /Content-Security-Policy: (.*)/.exec(await readFile(path.join(out, '_headers'), 'utf8'))![1]!;
const directive = (text: string, name: string) => (new RegExp(`(?:^|; )${name} ([^;]*)`).exec(text)?.[1] ?? '').split(' ');

beforeAll(async () => {
  tmp = await tempDir('sipadocs-services-');
  withServices = await build('services', SERVICES);
  plain = await build('plain', '');
  docusaurus = await buildDocusaurusProject();
}, 240_000);
afterAll(() => tmp.cleanup());

describe('Algolia DocSearch', () => {
  it("tags each page for Algolia's crawler: the language, and a doc's version", async () => {
    const doc = await head(withServices, 'docs/reference.html');
    expect(doc).toContain('<meta name="docsearch:language" content="en">');
    expect(doc).toContain('<meta name="docsearch:docusaurus_tag" content="docs-default-current">');
    expect(await head(withServices, 'blog/hello.html')).toContain('<meta name="docsearch:docusaurus_tag" content="default">');
    expect(await head(plain, 'docs/reference.html')).not.toContain('docsearch:');
  });

  it("bundles DocSearch's dialog with the site that sets it, and with no other", async () => {
    const own = await scripts(withServices);
    expect(own).toContain('DocSearch-Modal');
    expect(own).toContain('TESTAPP1');
    expect(await scripts(plain)).not.toContain('DocSearch-Modal');
  });

  it("lets the pages reach the application's Algolia hosts, and still builds the site's own index", async () => {
    const connect = directive(await policy(withServices), 'connect-src');
    expect(connect).toEqual(expect.arrayContaining(['https://testapp1-dsn.algolia.net', 'https://testapp1-1.algolianet.com', 'https://testapp1-3.algolianet.com']));
    expect(connect).not.toContain('https://insights.algolia.io');
    expect(directive(await policy(plain), 'connect-src').join(' ')).not.toContain('algolia');
    expect((await readdir(withServices)).some((name) => name.startsWith('pagefind') || name === '_sipa')).toBe(true);
  });
});

describe('analytics', () => {
  it('loads gtag.js for the first measurement id and configures each', async () => {
    const html = await head(withServices, 'index.html');
    expect(html).toContain('<script async src="https://www.googletagmanager.com/gtag/js?id=G-FIRST1"></script>');
    expect(html).toContain("gtag('config','G-FIRST1',{anonymize_ip:true});gtag('config','G-SECOND2',{anonymize_ip:true});");
  });

  it("starts Google Tag Manager's container and Plausible's script with the site's domain", async () => {
    const html = await head(withServices, 'docs/reference.html');
    expect(html).toContain("'dataLayer','GTM-ABC123');");
    expect(html).toMatch(/<script defer data-domain="fixture\.example" src="https:\/\/plausible\.io\/js\/script\.js"><\/script>/);
    expect(await head(plain, 'index.html')).not.toMatch(/googletagmanager|plausible/);
  });

  it('lets their scripts load and send their measurements under the pages\' policy', async () => {
    const text = await policy(withServices);
    expect(directive(text, 'script-src')).toEqual(expect.arrayContaining(['https://www.googletagmanager.com', 'https://plausible.io']));
    expect(directive(text, 'connect-src')).toEqual(expect.arrayContaining(['https://*.google-analytics.com', 'https://*.googletagmanager.com', 'https://plausible.io']));
    expect(directive(text, 'img-src')).toContain('https://*.google-analytics.com');
    expect(directive(await policy(plain), 'script-src').join(' ')).not.toContain('google');
  });
});

describe('a Docusaurus project built where it stands', () => {
  it("keeps its DocSearch (with Docusaurus 2 beta's application when it names none), its preset's analytics and its metadata", async () => {
    const html = await head(docusaurus, 'docs/intro.html');
    expect(html).toContain('<meta name="docsearch:docusaurus_tag" content="docs-default-current">');
    expect(await scripts(docusaurus)).toContain('BH4D9OD16A');
    expect(html).toContain("ga('create','UA-44373548-46','auto');");
    expect(html).toContain("'dataLayer','GTM-XYZ9');");
    expect(html).toContain('<meta name="keywords" content="state, react">');
    const connect = directive(await policy(docusaurus), 'connect-src');
    expect(connect).toEqual(expect.arrayContaining(['https://bh4d9od16a-dsn.algolia.net', 'https://*.google-analytics.com']));
  });
});

describe('the look', () => {
  const body = (out: string, file: string) => readFile(path.join(out, file), 'utf8');

  it("colours the announcement bar as the config says, and in the theme's colours without it", async () => {
    expect(await body(withServices, 'index.html')).toContain('<div class="announcement" role="region" aria-label="Announcement" style="background:#20232a;color:#fff">');
    expect(await body(plain, 'index.html')).not.toContain('class="announcement"');
  });

  it("leads the navbar's brand where the logo's href says, in a new tab for another site, with the logo's size", async () => {
    const html = await body(withServices, 'docs/reference.html');
    expect(html).toMatch(/<a class="navbar__brand" href="https:\/\/home\.example" target="_blank" rel="noopener noreferrer"><img class="navbar__logo" src="\/img\/logo\.svg" alt="Logo" width="120" height="40"\/?>/);
    expect(await body(plain, 'docs/reference.html')).toMatch(/<a href="\/" class="navbar__brand"><span class="navbar__title">Fixture<\/span><\/a>/);
  });
});
