/**
 * A Docusaurus project translated into three languages, its translations committed under i18n/ in
 * Docusaurus's layout (test/fixtures/docusaurus-i18n: English by default, French, Japanese and
 * Arabic written right to left; versioned docs, a second docs instance, a blog, a React page that
 * calls translate(), a translated navbar, footer and sidebar labels, and docs left untranslated).
 * Built once, in place, every locale.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { DomUtils, parseDocument } from 'htmlparser2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertUnchanged, sharedBuild } from '../../support/sharedBuild.js';

const SITE = 'https://orrery.example.org';
const LOCALES = ['en', 'fr', 'ja', 'ar'];

/**
 * The routes Docusaurus builds for each locale, by its rules: the last version (1.0) at /docs,
 * the current one at /docs/next, with the generated index of its Reference category; the second
 * docs instance at /community; posts under their date, the archive, tag pages; the pages; 404.
 */
const DOCUSAURUS_ROUTES = [
  '/',
  '/404',
  '/about',
  '/blog',
  '/blog/2024/05/01/welcome',
  '/blog/2024/06/10/release-1-1',
  '/blog/archive',
  '/blog/tags',
  '/blog/tags/news',
  '/blog/tags/release',
  '/community/contributing',
  '/community/support',
  '/docs/guides/install',
  '/docs/intro',
  '/docs/next/category/reference',
  '/docs/next/guides/configuration',
  '/docs/next/guides/install',
  '/docs/next/intro',
  '/docs/next/reference/api',
].sort();

let out: string;
/** The build's warnings, as a logger prints them. */
let logger: { lines: string[] };

const folderOf = (locale: string) => (locale === 'en' ? out : path.join(out, locale));
const read = (locale: string, file: string) => readFile(path.join(folderOf(locale), file), 'utf8');
const page = (locale: string, route: string) => read(locale, route === '/' ? 'index.html' : `${route.slice(1)}.html`);

/** What a reader reads of a page's body: its text, scripts and styles left out, white space collapsed. */
function bodyText(html: string): string {
  const document = parseDocument(html);
  const body = DomUtils.findOne((element) => element.name === 'body', document.children) ?? document;
  const strip = (nodes: typeof document.children): typeof document.children => nodes.filter((node) => !('name' in node) || !['script', 'style', 'noscript'].includes(node.name));
  const text = (nodes: typeof document.children): string => strip(nodes).map((node) => ('children' in node ? text(node.children as typeof document.children) : 'data' in node ? node.data : '')).join(' ');
  return text(body.children as typeof document.children).replace(/\s+/g, ' ');
}

const htmlTag = (html: string) => /<html[^>]*>/.exec(html)![0];

beforeAll(async () => {
  // A copy's build, shared with the browser tests of the fixture (e2e/i18n.test.ts): read only.
  const built = await sharedBuild('test/fixtures/docusaurus-i18n', { copy: true });
  out = built.outDir;
  logger = { lines: built.warnings.map((warning) => `warning: ${warning}`) };
}, 240_000);

afterAll(() => assertUnchanged(out));

describe('a Docusaurus project with committed translations', () => {
  it("builds every locale at Docusaurus's routes: the default at the base URL, the others under /<locale>/", async () => {
    for (const locale of LOCALES) {
      const files = await fg(['**/*.html'], { cwd: folderOf(locale), ignore: LOCALES.filter((other) => other !== 'en').map((other) => `${other}/**`) });
      const routes = files.map((file) => (file === 'index.html' ? '/' : `/${file.replace(/\.html$/, '')}`)).sort();
      expect(routes, locale).toEqual(DOCUSAURUS_ROUTES);
    }
  });

  it('builds no page from a translation of a doc the default locale does not have, and says so', () => {
    // i18n/fr/…/current/guides/scheduling.md was left behind when the English guide was removed.
    const warning = logger.lines.find((line) => line.includes('scheduling.md'));
    expect(warning).toContain('1 translation file of fr translates no doc, post or page of the site');
    expect(warning).toContain('i18n/fr/docusaurus-plugin-content-docs/current/guides/scheduling.md: docs/guides/scheduling.md is not in the site');
  });

  it("takes a translation's relative link that names a page from the site root as Docusaurus's checker does: a warning at its place", () => {
    // Written "docs/next/guides/configuration" on /fr/docs/next/guides/install: a browser goes to
    // /fr/docs/next/guides/docs/next/…; Docusaurus finds docs/next/guides/configuration in its output folder.
    const file = path.join('i18n/fr/docusaurus-plugin-content-docs/current/guides/install.md');
    const warning = logger.lines.find((line) => line.includes('→ docs/next/guides/configuration'));
    expect(warning).toMatch(new RegExp(`^warning: \\S*${file.replace(/[./]/g, '\\$&')}:30:45: `));
    expect(warning).toContain("broken link on /fr/docs/next/guides/install → docs/next/guides/configuration (missing page; from the site's root it names /docs/next/guides/configuration)");
  });

  it('shows the translated docs, versions, second docs instance, blog and pages', async () => {
    expect(bodyText(await page('fr', '/docs/next/intro'))).toContain('Orrery lance de petites tâches sur une horloge régulière.');
    expect(bodyText(await page('fr', '/docs/intro'))).toContain('Orrery 1.0 lance de petites tâches');
    expect(bodyText(await page('fr', '/community/support'))).toContain("Obtenir de l'aide");
    expect(bodyText(await page('fr', '/blog/2024/05/01/welcome'))).toContain("La documentation d'Orrery a désormais son propre site, en quatre langues.");
    expect(bodyText(await page('fr', '/about'))).not.toBe(bodyText(await page('en', '/about')));
    expect(bodyText(await page('ja', '/docs/next/intro'))).toContain('Orrery は小さなタスクを正確な時計で実行します。');
    expect(bodyText(await page('en', '/docs/next/intro'))).not.toMatch(/horloge|時計/);
  });

  it("falls back to the default locale's content at the translated route, in the locale's chrome", async () => {
    const fr = await page('fr', '/docs/next/guides/configuration');
    const en = await page('en', '/docs/next/guides/configuration');
    const article = (html: string) => bodyText(/<article[\s\S]*?<\/article>/.exec(html)![0]);
    expect(article(fr)).toBe(article(en));
    expect(htmlTag(fr)).toContain('lang="fr"');
    expect(fr).toContain('<link rel="canonical" href="https://orrery.example.org/fr/docs/next/guides/configuration">');
    // The French sidebar and navbar around the English doc.
    expect(bodyText(fr)).toContain('Guides pratiques');
    expect(bodyText(fr)).toContain('Communauté');
    // Japanese has no translation of the second docs instance: its English pages, in Japanese chrome.
    expect(bodyText(await page('ja', '/community/contributing'))).toContain(bodyText(/<article[\s\S]*?<\/article>/.exec(await page('en', '/community/contributing'))![0]).trim());
  });

  it("translates the navbar, the footer, sidebar labels and version labels from their JSON files", async () => {
    const text = bodyText(await page('fr', '/docs/next/intro'));
    expect(text).toContain('Guides pratiques'); // current.json: the Guides category
    expect(text).toContain('Documentation'); // footer.json: the Docs column
    expect(text).toContain('Code source');
    expect(text).toContain('Prochaine'); // current.json: the label of the current version
    expect(bodyText(await page('ar', '/docs/next/intro'))).toContain('الدليل'); // ar navbar.json
  });

  it('gives the locale dropdown a link to the same page in each locale, then its dropdownItemsAfter', async () => {
    const html = await page('ja', '/docs/next/guides/install');
    const menu = /<div class="dropdown dropdown--locales[\s\S]*?<\/ul>/.exec(html)![0];
    const links = [...menu.matchAll(/<a [^>]*href="([^"]+)"[^>]*>([^<]+)/g)].map((match) => [match[1], match[2]]);
    expect(links).toEqual([
      ['/docs/next/guides/install', 'English'],
      ['/fr/docs/next/guides/install', 'Français'],
      ['/ja/docs/next/guides/install', '日本語'],
      ['/ar/docs/next/guides/install', 'العربية'],
      ['https://translate.example.org/orrery', 'Help us translate'],
    ]);
  });

  it("renders a React page's translate() and <Translate> calls from the locale's code.json", async () => {
    const fr = await page('fr', '/');
    expect(bodyText(fr)).toContain('Planifiez vos petites tâches sur une horloge régulière');
    expect(bodyText(fr)).toContain('Orrery lance vos tâches après 3 lignes de configuration.');
    expect(fr).toMatch(/<title>Une horloge régulière pour les petites tâches/);
    expect(bodyText(await page('en', '/'))).toContain('Plan small tasks on a steady clock');
  });

  it("shows the theme's own words in each locale, and a code.json's word in place of the theme's", async () => {
    const words = {
      fr: ['Aller au contenu principal', 'Copier la page', 'Accueil', 'Sur cette page'],
      ja: ['メインコンテンツまでスキップ', 'このページの見出し', 'ページをコピー', 'ホーム'],
      ar: ['إنتقل إلى المحتوى الرئيسي', 'نسخ الصفحة', 'الرئيسية'],
    };
    for (const [locale, expected] of Object.entries(words)) {
      const text = bodyText(await page(locale, '/docs/next/intro'));
      for (const word of expected) expect(text, `${locale}: ${word}`).toContain(word);
      for (const english of ['Skip to main content', 'Copy page', 'On this page', 'Home', 'opens in', 'Go to the home page']) expect(text, `${locale}: ${english}`).not.toContain(english);
    }
    // fr/code.json gives the theme's "Next" a word of its own; the package's "Suivant" is not used.
    const fr = bodyText(await page('fr', '/docs/next/intro'));
    expect(fr).toContain('Page suivante');
    expect(fr).not.toMatch(/\bSuivant\b/);
    expect(bodyText(await page('fr', '/404'))).toContain('Aller à la page d’accueil');
  });

  it('sets lang and dir on <html>, right to left for Arabic', async () => {
    expect(htmlTag(await page('en', '/docs/intro'))).toMatch(/lang="en" dir="ltr"/);
    expect(htmlTag(await page('fr', '/docs/intro'))).toMatch(/lang="fr" dir="ltr"/);
    expect(htmlTag(await page('ja', '/docs/intro'))).toMatch(/lang="ja" dir="ltr"/);
    expect(htmlTag(await page('ar', '/docs/intro'))).toMatch(/lang="ar" dir="rtl"/);
  });

  it('links each page to itself in every locale with hreflang, x-default the default locale, and a canonical URL per locale', async () => {
    for (const locale of LOCALES) {
      const html = await page(locale, '/blog/2024/05/01/welcome');
      const prefix = locale === 'en' ? '' : `/${locale}`;
      expect(html).toContain(`<link rel="canonical" href="${SITE}${prefix}/blog/2024/05/01/welcome">`);
      for (const other of LOCALES) expect(html).toContain(`<link rel="alternate" href="${SITE}${other === 'en' ? '' : `/${other}`}/blog/2024/05/01/welcome" hreflang="${other}">`);
      expect(html).toContain(`<link rel="alternate" href="${SITE}/blog/2024/05/01/welcome" hreflang="x-default">`);
    }
  });

  it('writes dates and reading time in the locale', async () => {
    expect(bodyText(await page('fr', '/blog/2024/05/01/welcome'))).toMatch(/1 mai 2024 · Une minute de lecture/);
    expect(bodyText(await page('ja', '/blog/2024/05/01/welcome'))).toContain('2024年5月1日');
    expect(bodyText(await page('en', '/blog/2024/05/01/welcome'))).toMatch(/May 1, 2024 · 1 min read/);
  });

  it("indexes each locale's pages for search in its own language, under its base URL", async () => {
    for (const locale of LOCALES) {
      const entry = JSON.parse(await read(locale, '_sipa/search/pagefind-entry.json')) as { languages: Record<string, { page_count: number }> };
      expect(Object.keys(entry.languages), locale).toEqual([locale]);
      expect(entry.languages[locale]!.page_count).toBeGreaterThan(5);
    }
    // Each locale's pages load the index of their own base URL.
    expect(await page('ja', '/docs/intro')).toContain('"/ja/"');
  });

  it('writes per-locale feeds, llms.txt and markdown copies, and one sitemap per locale with the alternates of each page', async () => {
    const rss = await read('fr', 'blog/rss.xml');
    expect(rss).toContain(`<link>${SITE}/fr/blog/2024/05/01/welcome</link>`);
    expect(rss).toContain('<title>Orrery a un site web</title>');
    expect(await read('fr', 'llms.txt')).toContain(`[Bienvenue dans Orrery 1.0](${SITE}/fr/docs/intro.md)`);
    expect(await read('fr', 'docs/next/intro.md')).toMatch(/^# Bienvenue dans Orrery/);
    expect(await read('ja', 'docs/next/intro.md')).toContain('Orrery は小さなタスク');
    const sitemap = await read('en', 'sitemap.xml');
    expect(sitemap).toContain(`<xhtml:link rel="alternate" hreflang="ja" href="${SITE}/ja/docs/next/intro"/>`);
    const frSitemap = await read('fr', 'sitemap.xml');
    expect(frSitemap).toContain(`<loc>${SITE}/fr/docs/next/intro</loc>`);
    expect(frSitemap).not.toContain(`<loc>${SITE}/docs/next/intro</loc>`);
    expect(await read('en', 'robots.txt')).toContain(`Sitemap: ${SITE}/ar/sitemap.xml`);
  });
});
