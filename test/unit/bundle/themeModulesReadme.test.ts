/**
 * The README's table of `@theme/*` and `@docusaurus/*` modules says what a page can import. It is
 * read here and held to what the bundler resolves: every module it calls provided or partial is
 * one the theme shares (test/integration/theme-coverage.test.ts builds a page importing each of
 * those), every module the theme shares is in it, and each one it calls not provided stops a
 * bundle with the UNSUPPORTED_IMPORT error naming it.
 */
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { sharedModules, sharedModuleSpecifiers, sharedModulesPlugin } from '../../../src/bundle/sharedModules.js';

type Status = 'provided' | 'partial' | 'not provided';

/**
 * The modules of the README's table, by status. A cell names modules in backticks; a name without
 * its namespace (`Home` after `@theme/Icon/ExternalLink`) is in the folder of the last full name
 * before it; what is in parentheses (a module's other names) and wildcards (`@theme/*`) are not modules.
 */
export function readmeModules(readme: string): Map<string, Status> {
  const start = readme.indexOf('| Import | Status | What it gives |');
  if (start < 0) throw new Error('README.md has no table of modules (a header "| Import | Status | What it gives |")');
  const rows = readme.slice(start).split('\n').slice(2);
  const modules = new Map<string, Status>();
  for (const row of rows) {
    if (!row.startsWith('|')) break;
    const [, imports = '', status = ''] = row.split('|').map((cell) => cell.trim());
    if (status !== 'provided' && status !== 'partial' && status !== 'not provided') throw new Error(`README.md: the module table's row "${row.slice(0, 60)}…" has the status "${status}"`);
    let folder = '';
    for (const [, name] of imports.replace(/\([^)]*\)/g, '').matchAll(/`([^`]+)`/g)) {
      if (name!.includes('*')) continue;
      if (name!.startsWith('@')) folder = name!.slice(0, name!.lastIndexOf('/') + 1);
      const specifier = name!.startsWith('@') ? name! : `${folder}${name}`;
      if (modules.has(specifier)) throw new Error(`README.md: the module table names ${specifier} twice`);
      modules.set(specifier, status);
    }
  }
  return modules;
}

const listed = readmeModules(readFileSync('README.md', 'utf8'));
const theme = sharedModuleSpecifiers().filter((specifier) => /^@(theme|docusaurus)\//.test(specifier));
const notProvided = [...listed].filter(([, status]) => status === 'not provided').map(([specifier]) => specifier);

describe("the README's table of theme modules", () => {
  it('lists every module the theme provides, and calls none provided that it does not', () => {
    const providedInReadme = [...listed].filter(([, status]) => status !== 'not provided').map(([specifier]) => specifier);
    expect(theme.filter((specifier) => !listed.has(specifier)), 'modules the theme provides that the README does not list').toEqual([]);
    expect(providedInReadme.filter((specifier) => !theme.includes(specifier)), 'modules the README calls provided that the theme does not provide').toEqual([]);
    expect(notProvided.filter((specifier) => theme.includes(specifier)), 'modules the README calls not provided that the theme provides').toEqual([]);
  });

  it('names the modules the corpus and common Docusaurus sites import', () => {
    const common = ['@theme/Tabs', '@theme/TabItem', '@theme/CodeBlock', '@theme/Admonition', '@theme/Details', '@theme/DocCardList', '@theme/DocCard', '@theme/Heading', '@theme/MDXComponents', '@theme/Layout', '@theme/TOCInline', '@theme/ThemedImage', '@theme/IdealImage', '@theme/SearchBar', '@theme/Navbar', '@theme/Footer', '@theme/hooks/useThemeContext', '@docusaurus/Link', '@docusaurus/useBaseUrl', '@docusaurus/useDocusaurusContext', '@docusaurus/BrowserOnly', '@docusaurus/Head', '@docusaurus/Translate', '@docusaurus/theme-common', '@docusaurus/useGlobalData', '@docusaurus/router', '@docusaurus/ExecutionEnvironment', '@docusaurus/isInternalUrl', '@docusaurus/plugin-content-docs/client'];
    expect(common.filter((specifier) => !listed.has(specifier))).toEqual([]);
  });

  it.each(notProvided)('stops a bundle importing %s with an error naming it', async (specifier) => {
    const failure = await build({
      stdin: { contents: `import * as m from ${JSON.stringify(specifier)};\nconsole.log(m);\n`, resolveDir: process.cwd(), sourcefile: 'page.tsx', loader: 'tsx' },
      bundle: true,
      write: false,
      logLevel: 'silent',
      format: 'esm',
      plugins: [sharedModulesPlugin(sharedModules())],
    }).then(
      () => null,
      (error: { errors: Array<{ text: string; detail?: { code?: string } }> }) => error.errors[0],
    );
    expect(failure?.text).toContain(`"${specifier}"`);
    expect(failure?.detail?.code).toBe('UNSUPPORTED_IMPORT');
  });
});
