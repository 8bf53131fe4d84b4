// A site that extends sipadocs as Docusaurus sites do (test/fixtures/extensions): a remark plugin
// (npm2yarn) for the docs and a rehype plugin (rehype-external-links) for the blog, from npm; a
// React home page with clsx, a CSS module, @docusaurus/Head, Translate and Infima's classes; a
// replacement of the theme's Footer that wraps the original; a hosted script in every page's head;
// markdown pages that stay on the fast path.
import { cp, mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOnce } from '../../src/pipeline/build.js';
import { SiteError, SiteErrors } from '../../src/errors.js';
import { silentLogger, tempDir } from '../helpers.js';
import { assertUnchanged, sharedBuild } from '../../support/sharedBuild.js';

const FIXTURE_DIR = 'test/fixtures/extensions';
const payloadOf = (html: string) => JSON.parse(/<script id="__SIPA_ROUTE__" type="application\/json">(.*?)<\/script>/s.exec(html)![1]!);
const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));

async function buildErrors(siteDir: string, outDir: string): Promise<SiteError[]> {
  try {
    await buildOnce({ siteDir, outDir, logger: silentLogger() });
  } catch (error) {
    if (error instanceof SiteErrors) return error.errors;
    if (error instanceof SiteError) return [error];
    throw error;
  }
  throw new Error('the build was expected to fail');
}

/** A copy of the fixture to change, with `files` written into it; its packages are this checkout's, as the fixture's are. */
async function changedFixture(into: string, files: Record<string, string>): Promise<string> {
  const site = path.join(into, 'site');
  await cp(FIXTURE_DIR, site, { recursive: true });
  await symlink(path.resolve('node_modules'), path.join(site, 'node_modules'), 'dir');
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(site, file)), { recursive: true });
    await writeFile(path.join(site, file), text);
  }
  return site;
}

describe('a site with a React home page and a replaced theme component', () => {
  let out: string;
  const read = (file: string) => readFile(path.join(out, file), 'utf8');

  beforeAll(async () => {
    // The build the browser test of the fixture reads too: read here, never changed.
    out = (await sharedBuild(FIXTURE_DIR)).outDir;
  }, 120_000);
  afterAll(() => assertUnchanged(out));

  it('renders the home page with its packages, its CSS module and Infima classes', async () => {
    const html = await read('index.html');
    // clsx joined the Infima classes and the CSS module's scoped class.
    expect(html).toMatch(/<header class="hero hero--primary pages_heroBanner_[0-9a-f]{6}">/);
    expect(html).toContain('<a href="/docs/intro" class="button button--secondary button--lg">Tutorial - 5min ⏱️</a>');
    expect(html).toContain('<div class="col col--4 text--center">First</div>');
    // The CSS module's sheet comes with the page's chunk, its class names scoped the same way.
    const { chunk } = payloadOf(html);
    expect(chunk).toMatch(/^\/_sipa\/r\/index-/);
  });

  it('puts what the page gives <Head> and <Layout> in the document head', async () => {
    const head = headOf(await read('index.html'));
    expect(head).toMatch(/<meta name="keywords" content="extensions, fixture" data-sipa-head="[a-z0-9]+">/);
    expect(head).toMatch(/<link rel="preconnect" href="https:\/\/fonts\.example" data-sipa-head="[a-z0-9]+">/);
    expect(head).toContain('<meta name="description" content="The home page of the extensions fixture">');
  });

  it('loads Infima classes in the theme colours before the site\'s custom CSS', async () => {
    const html = await read('index.html');
    const css = /<style data-href="[^"]+">([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
    const hero = css.indexOf('.hero--primary{');
    const custom = css.indexOf('--ifm-color-primary: #2e8555');
    expect(hero).toBeGreaterThan(0);
    expect(custom).toBeGreaterThan(hero);
    expect(css).toMatch(/--sd-infima-primary: var\(--ifm-color-primary, var\(--sd-color-primary\)\)/);
  });

  it('renders the site\'s Footer, which wraps the theme\'s, on every page', async () => {
    for (const file of ['index.html', 'about.html', 'docs/intro.html', '404.html']) {
      const html = await read(file);
      expect(html, file).toContain('<p class="site-footer-note">Made with the extensions fixture</p><footer class="footer">');
      expect(html, file).toContain('<p class="footer__copyright">Extensions fixture</p>');
    }
  });

  it('runs the docs\' remark plugin from npm: npm2yarn makes tabs, as in Docusaurus', async () => {
    const html = await read('docs/install.html');
    const tabs = [...html.matchAll(/<button [^>]*role="tab"[^>]*>([^<]*)<\/button>/g)].map((m) => m[1]);
    expect(tabs).toEqual(['npm', 'Yarn', 'pnpm', 'Bun']);
    expect(html.replace(/<[^>]+>/g, '')).toContain('yarn add --dev sipa');
    // The markdown view of the page has the tabs' code too.
    expect(await read('docs/install.md')).toContain('yarn add --dev sipa');
  });

  it('runs the blog\'s rehype plugin from npm on the blog only', async () => {
    const post = await read('blog/2024/05/01/hello.html');
    expect(post).toContain('<a href="https://github.com/sipa-js/sipa" rel="noopener external" target="_blank">Sipa repository</a>');
    expect(post).toContain('<a href="/docs/intro">docs</a>');
    expect(await read('docs/install.html')).not.toContain('rel="noopener external"');
  });

  it('loads the site\'s hosted script on every page, its origin allowed by the policy', async () => {
    for (const file of ['index.html', 'docs/intro.html', 'about.html']) {
      expect(headOf(await read(file)), file).toContain('<script src="https://stats.extensions.example/script.js" defer></script>');
    }
    expect(await read('_headers')).toMatch(/script-src 'self' [^;\n]* https:\/\/stats\.extensions\.example[;\s]/);
  });

  it('keeps the markdown pages no plugin changes on the fast path, and only those', async () => {
    expect(payloadOf(await read('docs/intro.html')).data.staticHtml).toBe(true);
    expect(payloadOf(await read('about.html')).data.staticHtml).toBe(true);
    expect(payloadOf(await read('docs/install.html')).data.staticHtml).toBeUndefined();
    expect(payloadOf(await read('blog/2024/05/01/hello.html')).data.staticHtml).toBeUndefined();
  });
});

describe('theme replacements and packages that go wrong, or change the fast path', () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  beforeAll(async () => {
    tmp = await tempDir();
  });
  afterAll(() => tmp.cleanup());

  it('compiles content as MDX when the site replaces a component the fast path writes, and renders the replacement', async () => {
    const site = await changedFixture(path.join(tmp.dir, 'admonition'), {
      'src/theme/Admonition/index.tsx': `import Admonition from '@theme-original/Admonition';
export default function Boxed(props: { type: string; children?: unknown }) {
  return <div className="boxed"><Admonition {...(props as never)} /></div>;
}
`,
      'docs/intro.md': '---\ntitle: Introduction\n---\n\n:::tip\n\nA tip.\n\n:::\n',
    });
    const out = path.join(tmp.dir, 'admonition-out');
    await buildOnce({ siteDir: site, outDir: out, logger: silentLogger() });
    const html = await readFile(path.join(out, 'docs/intro.html'), 'utf8');
    expect(payloadOf(html).data.staticHtml).toBeUndefined();
    expect(html).toMatch(/<div class="boxed"><div class="admonition admonition--tip/);
    // Any page may hold an admonition.
    expect(payloadOf(await readFile(path.join(out, 'about.html'), 'utf8')).data.staticHtml).toBeUndefined();
  }, 120_000);

  it('compiles a page again when its plugins\' options change', async () => {
    const site = await changedFixture(path.join(tmp.dir, 'options'), {});
    const out = path.join(tmp.dir, 'options-out');
    const post = () => readFile(path.join(out, 'blog/2024/05/01/hello.html'), 'utf8');
    await buildOnce({ siteDir: site, outDir: out, logger: silentLogger() });
    expect(await post()).toContain('rel="noopener external"');
    const configFile = path.join(site, 'sipadocs.config.ts');
    await writeFile(configFile, (await readFile(configFile, 'utf8')).replace("rel: ['noopener', 'external']", "rel: ['nofollow']"));
    await buildOnce({ siteDir: site, outDir: out, logger: silentLogger() });
    expect(await post()).toContain('<a href="https://github.com/sipa-js/sipa" rel="nofollow" target="_blank">');
  }, 120_000);

  it('names a package a page imports that is not installed, with the command that installs it', async () => {
    const site = await changedFixture(path.join(tmp.dir, 'missing'), {
      'pages/stars.tsx': "import GitHubButton from 'react-github-btn-not-installed';\nexport default function Stars() {\n  return <GitHubButton />;\n}\n",
      'package.json': JSON.stringify({ name: 'site', private: true, dependencies: { 'react-github-btn-not-installed': '^1.4.0' } }),
    });
    const [error] = await buildErrors(site, path.join(tmp.dir, 'missing-out'));
    expect(error!.code).toBe('PACKAGE_NOT_INSTALLED');
    expect(error!.message).toBe('the package "react-github-btn-not-installed" is not installed');
    expect(error!.hint).toContain("The site's package.json asks for react-github-btn-not-installed ^1.4.0");
    expect(error!.hint).toMatch(/: npm install$/);
    expect(error!.location).toMatchObject({ line: 1 });
    expect(error!.location!.file).toMatch(/pages[\\/]stars\.tsx$/);
  }, 120_000);

  it('refuses @theme-original/ of a component the theme does not have', async () => {
    const site = await changedFixture(path.join(tmp.dir, 'unknown'), {
      'src/theme/Footer.tsx': "import Footer from '@theme-original/FooterLinks';\nexport default Footer;\n",
    });
    const [error] = await buildErrors(site, path.join(tmp.dir, 'unknown-out'));
    expect(error!.message).toContain('"@theme-original/FooterLinks": "FooterLinks" is not a theme component a site can replace (those are: Root, Layout, Navbar, Footer');
    expect(error!.location!.file).toMatch(/src[\\/]theme[\\/]Footer\.tsx$/);
  }, 120_000);
});
