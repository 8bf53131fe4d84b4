// The theme as Docusaurus landing pages, docs and swizzles use it (test/fixtures/theme-coverage):
// every `@theme/*` and `@docusaurus/*` module the theme provides builds when a page imports it,
// one it does not is an error naming the file and the module; Sass style sheets (`sass: true`);
// live code blocks; the replaceable components, each wrapped by a site through @theme-original;
// the navbar's and footer's logos and the footer's style; the mark of links to other sites.
import { cp, mkdir, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedModuleSpecifiers } from '../../src/bundle/sharedModules.js';
import { SiteError, SiteErrors } from '../../src/errors.js';
import { buildOnce } from '../../src/pipeline/build.js';
import { OVERRIDABLE_COMPONENTS } from '../../src/shared/themeComponents.js';
import { silentLogger, tempDir } from '../helpers.js';

const FIXTURE_DIR = 'test/fixtures/theme-coverage';

async function buildError(siteDir: string, outDir: string): Promise<SiteError> {
  try {
    await buildOnce({ siteDir, outDir, logger: silentLogger() });
  } catch (error) {
    if (error instanceof SiteErrors) return error.errors[0]!;
    if (error instanceof SiteError) return error;
    throw error;
  }
  throw new Error('the build was expected to fail');
}

/** A copy of the fixture with `files` written into it (`null` removes a file); its packages are this checkout's. */
async function changedFixture(into: string, files: Record<string, string | null>): Promise<string> {
  const site = path.join(into, 'site');
  await cp(FIXTURE_DIR, site, { recursive: true });
  await symlink(path.resolve('node_modules'), path.join(site, 'node_modules'), 'dir');
  for (const [file, text] of Object.entries(files)) {
    if (text === null) {
      await rm(path.join(site, file), { recursive: true, force: true });
      continue;
    }
    await mkdir(path.dirname(path.join(site, file)), { recursive: true });
    await writeFile(path.join(site, file), text);
  }
  return site;
}

/** Every HTML file of a build, by its path in the output. */
async function htmlFiles(outDir: string): Promise<Map<string, string>> {
  const files = (await readdir(outDir, { recursive: true })).filter((file) => file.endsWith('.html'));
  return new Map(await Promise.all(files.map(async (file) => [file, await readFile(path.join(outDir, file), 'utf8')] as const)));
}

describe('the theme coverage fixture', () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  let out: string;
  const read = (file: string) => readFile(path.join(out, file), 'utf8');

  beforeAll(async () => {
    tmp = await tempDir();
    out = path.join(tmp.dir, 'out');
    await buildOnce({ siteDir: FIXTURE_DIR, outDir: out, logger: silentLogger() });
  }, 180_000);
  afterAll(() => tmp.cleanup());

  it('renders a landing page that imports the modules real landing pages import', async () => {
    const html = await read('index.html');
    expect(html).toContain('Every module');
    // useColorMode, useThemeContext and useThemeConfig, useAllDocsData, useLocation, BrowserOnly's fallback, isInternalUrl.
    expect(html).toMatch(/light<!-- --> · <!-- -->false<!-- --> · <!-- -->light<!-- --> · <!-- -->default<!-- --> · <!-- -->\/<!-- --> ·<!-- --> <!-- -->server<!-- --> · <!-- -->true/);
    expect(html).toContain('<span>Loading</span>');
    // Icons, IdealImage, ThemedImage, Admonition, Details, CodeBlock, Tabs and a DocCard.
    expect((/<p class="home-icons">([\s\S]*?)<\/p>/.exec(html)?.[1] ?? '').match(/<svg /g)).toHaveLength(11);
    expect(html).toContain('alt="Ideal" loading="lazy" decoding="async"');
    expect(html).toMatch(/<img src="\/img\/logo-dark.svg" alt="Themed" class="themed-image themed-image--dark"/);
    expect(html).toContain('<ul class="home-cards"><a href="/docs/intro" class="card__link"><span class="card__title">Introduction</span><span class="card__description">Start here</span></a></ul>');
  });

  it('compiles the Sass the site uses: its custom CSS, a page\'s global sheet and a Sass CSS module', async () => {
    const html = await read('index.html');
    // The custom CSS with its partial's variable and a Sass function.
    expect(html).toContain('--ifm-color-primary: #2e8555');
    expect(html).toContain('.from-custom-scss{border-color:#215f3d}');
    // The CSS module's classes, nested and scoped.
    const hero = /<header class="(index_module_hero_[0-9a-f]{6})">/.exec(html)?.[1];
    const title = /<h1 class="(index_module_title_[0-9a-f]{6})"/.exec(html)?.[1];
    expect(hero).toBeDefined();
    expect(title).toBeDefined();
    const css = (await readdir(path.join(out, '_sipa/r'))).filter((file) => file.endsWith('.css'));
    const sheets = (await Promise.all(css.map((file) => read(`_sipa/r/${file}`)))).join('\n');
    expect(sheets).toContain(`.${hero}{padding:2rem}`);
    expect(sheets).toContain(`.${hero} .${title}{font-size:2.5rem}`);
    expect(sheets).toContain('.home-global{gap:12px}');
  });

  it('lists a category\'s items as cards with DocCardList, on the category\'s own doc', async () => {
    const html = await read('docs/guides.html');
    expect(html).toContain('<ul class="cards"><li class="card"><a href="/docs/guides/first" class="card__link"><span class="card__title">First guide</span></a></li><li class="card"><a href="/docs/guides/second" class="card__link"><span class="card__title">Second guide</span></a></li></ul>');
  });

  it('renders the site\'s wrappers of DocItem/Layout, DocCategoryGeneratedIndexPage, ColorModeToggle, SearchBar and NavbarItem/DefaultNavbarItem', async () => {
    const doc = await read('docs/intro.html');
    expect(doc).toContain('<p class="doc-comments">Comments on <!-- -->Introduction</p>');
    // Inside the wrapper, the theme's layout: its article, breadcrumbs and pager.
    expect(doc).toMatch(/<article class="markdown" data-search-body="">[\s\S]*<h1[^>]*>Introduction<\/h1>/);
    expect(doc.indexOf('class="pager"')).toBeLessThan(doc.indexOf('doc-comments'));
    const category = await read('docs/category/reference.html');
    expect(category).toContain('<p class="category-note">Category: <!-- -->Reference</p>');
    expect(category).toContain('<p class="category__description">Everything there is.</p>');
    expect(category).toContain('<a href="/docs/reference/api" class="card__link"><span class="card__title">API</span></a>');
    // The switch gets the mode from the navbar, as Docusaurus's does (the site's default on the server).
    expect(doc).toMatch(/<span class="site-toggle" data-mode="light"><button[^>]*class="color-mode-toggle"/);
    expect(doc).toMatch(/<div class="site-search"><button[^>]*class="search-button/);
    expect(doc).toMatch(/<span class="site-nav-item" data-external="no"><a[^>]*href="\/docs\/intro"[^>]*>Docs<\/a><\/span>/);
    expect(doc).toMatch(/<span class="site-nav-item" data-external="yes"><a class="navbar__link" href="https:\/\/github.com\/example\/coverage"/);
  });

  it('shows the navbar logo and the footer logo of each colour mode, the light footer, and marks links to other sites', async () => {
    const html = await read('docs/intro.html');
    expect(html).toContain('<img src="/img/logo.svg" alt="Coverage logo" class="themed-image themed-image--light navbar__logo" width="32" height="32"/>');
    expect(html).toContain('<img src="/img/logo-dark.svg" alt="Coverage logo" class="themed-image themed-image--dark navbar__logo" width="32" height="32"/>');
    expect(html).toContain('<footer class="footer footer--light">');
    expect(html).toContain('<a class="footer__brand" href="https://coverage.example/about" target="_blank" rel="noopener noreferrer"><img src="/img/logo.svg" alt="Coverage footer logo" class="themed-image themed-image--light footer__logo" width="120" height="40"/><img src="/img/logo-dark.svg"');
    const external = (text: string) => new RegExp(`>${text}<svg [^>]*class="external-link-icon"[^>]*>[\\s\\S]*?</svg><span class="visually-hidden"> \\(opens in a new tab\\)</span></a>`);
    expect(html).toMatch(external('GitHub'));
    expect(html).toMatch(external('Elsewhere'));
    // A link within the site has no mark.
    expect(html).not.toMatch(/>Intro<svg/);
  });

  it('renders a live code block\'s code in the page, and allows the eval it needs in the policy', async () => {
    const html = await read('docs/live.html');
    expect(html).toContain('<div class="live-code"><div class="live-code__header">Live Editor</div>');
    expect(html).toMatch(/<pre class="prism-code language-jsx"[^>]*>[\s\S]*?Clicked[\s\S]*?<\/pre>/);
    expect(html).toContain('<span class="live-code__loading">Loading…</span>');
    expect(await read('_headers')).toMatch(/script-src 'self'[^;]* 'unsafe-eval';/);
    const markdown = await read('docs/live.md');
    expect(markdown).toContain('```jsx live\nfunction Counter() {');
  });
});

describe('modules a page can import', () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  beforeAll(async () => {
    tmp = await tempDir();
  });
  afterAll(() => tmp.cleanup());

  it('builds a page importing each @theme/ and @docusaurus/ module the theme provides', async () => {
    const specifiers = sharedModuleSpecifiers().filter((specifier) => /^@(theme|docusaurus)\//.test(specifier));
    expect(specifiers).toEqual(expect.arrayContaining(['@theme/DocCardList', '@theme/DocCard', '@theme/Icon/ExternalLink', '@theme/Icon/Socials/GitHub', '@theme/IdealImage', '@theme/LiveCodeBlock', '@theme/DocItem/Layout', '@theme/hooks/useThemeContext', '@theme/SearchBar']));
    const page = [
      ...specifiers.map((specifier, i) => `import * as m${i} from '${specifier}';`),
      `const all = [${specifiers.map((_, i) => `m${i}`).join(', ')}];`,
      `export default function Everything() { return <p className="module-count">{all.filter((m) => m !== undefined).length} modules</p>; }`,
    ].join('\n');
    const site = await changedFixture(path.join(tmp.dir, 'all'), { 'pages/everything.tsx': page });
    const out = path.join(tmp.dir, 'all-out');
    await buildOnce({ siteDir: site, outDir: out, logger: silentLogger() });
    expect(await readFile(path.join(out, 'everything.html'), 'utf8')).toContain(`<p class="module-count">${specifiers.length}<!-- --> modules</p>`);
  }, 180_000);

  it('refuses a module the theme does not provide, naming the file and the module', async () => {
    for (const specifier of ['@theme/NoSuchThing', '@docusaurus/useRouteContext']) {
      const site = await changedFixture(path.join(tmp.dir, specifier.replace(/\W/g, '_')), { 'pages/missing.tsx': `import X from '${specifier}';\nexport default function Missing() { return <X />; }\n` });
      const error = await buildError(site, path.join(tmp.dir, 'missing-out'));
      expect(error.code).toBe('UNSUPPORTED_IMPORT');
      expect(error.message).toContain(`"${specifier}"`);
      expect(error.location?.file).toMatch(/pages[\\/]missing\.tsx$/);
      expect(error.location?.line).toBe(1);
    }
  }, 180_000);
});

describe('Sass', () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  beforeAll(async () => {
    tmp = await tempDir();
  });
  afterAll(() => tmp.cleanup());

  it('is an error naming the import when the site does not use Sass', async () => {
    const config = (await readFile(path.join(FIXTURE_DIR, 'sipadocs.config.ts'), 'utf8')).replace('sass: true', 'sass: false').replace("customCss: ['./css/custom.scss'],", '');
    const site = await changedFixture(path.join(tmp.dir, 'off'), { 'sipadocs.config.ts': config });
    const error = await buildError(site, path.join(tmp.dir, 'off-out'));
    expect(error.code).toBe('UNSUPPORTED_IMPORT');
    expect(error.message).toMatch(/"\.\/index\.module\.scss" is a Sass style sheet, and this site does not use Sass/);
    expect(error.location?.file).toMatch(/pages[\\/]index\.tsx$/);
    expect(error.hint).toContain('sass: true');
  }, 120_000);

  it('names the file, line and column of a Sass error, in a partial too', async () => {
    const site = await changedFixture(path.join(tmp.dir, 'broken'), { 'css/_palette.scss': '$brand: #2e8555;\n.oops { color: $missing; }\n' });
    const error = await buildError(site, path.join(tmp.dir, 'broken-out'));
    expect(error.message).toContain('Sass: Undefined variable.');
    expect(error.location?.file).toMatch(/css[\\/]_palette\.scss$/);
    expect(error.location?.line).toBe(2);
    expect(error.location?.column).toBe(16);
  }, 120_000);
});

describe('replacing each component the theme lets a site replace', () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  beforeAll(async () => {
    tmp = await tempDir();
  });
  afterAll(() => tmp.cleanup());

  it('renders a wrapper of the original for every replaceable component', async () => {
    // The two that are no components: a map of components and a scope of names.
    const components = Object.keys(OVERRIDABLE_COMPONENTS).filter((name) => name !== 'MDXComponents' && name !== 'ReactLiveScope');
    const wrapper = (name: string) =>
      `import Original from '@theme-original/${name}';\nexport default function Wrapped(props) {\n  return <span data-wrapped="${name}"><Original {...props} /></span>;\n}\n`;
    const files: Record<string, string | null> = Object.fromEntries(components.map((name) => [`src/theme/${name}.jsx`, wrapper(name)]));
    // The fixture's own replacements give way to these.
    Object.assign(files, { 'src/theme/DocItem/Layout.tsx': null, 'src/theme/DocCategoryGeneratedIndexPage.tsx': null, 'src/theme/ColorModeToggle.tsx': null, 'src/theme/SearchBar.tsx': null, 'src/theme/NavbarItem/DefaultNavbarItem.tsx': null });
    // Content drawn by the rest: an admonition, details, a table of contents, an announcement.
    files['docs/intro.md'] = '# Introduction\n\n:::tip\n\nA tip.\n\n:::\n\n<details><summary>More</summary>\n\nHidden.\n\n</details>\n\n## Part\n\nText.\n\n```js\nconst a = 1;\n```\n';
    files['docs/toc.mdx'] = "import TOCInline from '@theme/TOCInline';\n\n# Inline\n\n<TOCInline toc={toc} />\n\n## One\n\nText.\n";
    const config = (await readFile(path.join(FIXTURE_DIR, 'sipadocs.config.ts'), 'utf8')).replace("  sass: true,", "  sass: true,\n  announcementBar: { id: 'news', content: 'News' },");
    files['sipadocs.config.ts'] = config;
    const site = await changedFixture(path.join(tmp.dir, 'all'), files);
    const out = path.join(tmp.dir, 'all-out');
    await buildOnce({ siteDir: site, outDir: out, logger: silentLogger() });
    const all = [...(await htmlFiles(out)).values()].join('\n');
    const missing = components.filter((name) => !all.includes(`data-wrapped="${name}"`));
    expect(missing).toEqual([]);
  }, 240_000);
});

describe('Sass between builds', () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  beforeAll(async () => {
    tmp = await tempDir();
  });
  afterAll(() => tmp.cleanup());

  it('builds a page again when a partial its Sass imports changes, though the page and the sheet did not', async () => {
    const site = await changedFixture(path.join(tmp.dir, 'partials'), {
      'pages/_sizes.scss': '$pad: 2rem;\n',
      'pages/index.module.scss': "@use 'sizes';\n\n.hero {\n  padding: sizes.$pad;\n  .title {\n    font-size: 2.5rem;\n  }\n}\n",
      'pages/_gaps.scss': '$gap: 12px;\n',
      'pages/home.scss': "@use 'gaps';\n\n.home-global {\n  gap: gaps.$gap;\n}\n",
    });
    const out = path.join(tmp.dir, 'partials-out');
    const sheets = async () => {
      const files = (await readdir(path.join(out, '_sipa/r'))).filter((file) => file.endsWith('.css'));
      return (await Promise.all(files.map((file) => readFile(path.join(out, '_sipa/r', file), 'utf8')))).join('\n');
    };
    await buildOnce({ siteDir: site, outDir: out, logger: silentLogger() });
    expect(await sheets()).toMatch(/\{padding:2rem\}[\s\S]*\.home-global\{gap:12px\}|\.home-global\{gap:12px\}[\s\S]*\{padding:2rem\}/);
    await writeFile(path.join(site, 'pages/_sizes.scss'), '$pad: 3rem;\n');
    await writeFile(path.join(site, 'pages/_gaps.scss'), '$gap: 20px;\n');
    await buildOnce({ siteDir: site, outDir: out, logger: silentLogger() });
    const after = await sheets();
    expect(after).toContain('{padding:3rem}');
    expect(after).toContain('.home-global{gap:20px}');
  }, 180_000);
});
