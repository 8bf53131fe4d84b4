import { build, type Message } from 'esbuild';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { FROM_SOURCES, PACKAGE_ROOT } from '../packageRoot.js';
import { SiteError, SiteErrors, codeFrame } from '../errors.js';
import { isExternalUrl } from '../shared/paths.js';
import { normalizeConfig } from './normalize.js';
import { pluginEntryIssues } from './pluginEntries.js';
import { plainConfigValue } from './plainValue.js';
import { configSchema, navbarItemIssues, tocIssues } from './schema.js';
import { localeIssues } from './localeIssues.js';
import { headSettingIssues } from './headSettings.js';
import { configImportsPlugin, pluginListsByScope, resolveSitePlugins, type ConfigImports } from './sitePlugins.js';
import type { SiteConfig, UserConfig } from './types.js';
import { validate } from './validate.js';

export const CONFIG_FILE_NAMES = ['sipadocs.config.ts', 'sipadocs.config.mts', 'sipadocs.config.js', 'sipadocs.config.mjs'];

/**
 * What `import … from 'sipadocs'` means inside a config or sidebars file: the identity helpers
 * only (their types come from the package's published types), not the whole generator.
 */
const configHelpers = FROM_SOURCES ? path.join(PACKAGE_ROOT, 'src', 'config', 'defineConfig.ts') : path.join(PACKAGE_ROOT, 'dist', 'config.mjs');

/**
 * Bundles a TypeScript/JavaScript module of the site (config, sidebars) with esbuild and
 * evaluates it from memory.
 */
export async function importSiteModule(file: string): Promise<unknown> {
  return (await loadSiteModule(file)).value;
}

/**
 * importSiteModule, also giving the bundled code and the packages the module imported, which Node
 * imports from their own files (see configImportsPlugin).
 */
export async function loadSiteModule(file: string): Promise<{ value: unknown; code: string; imports: ConfigImports }> {
  let code: string;
  const imports: ConfigImports = new Map();
  try {
    const result = await build({
      entryPoints: [file],
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      logLevel: 'silent',
      alias: { sipadocs: configHelpers },
      plugins: [configImportsPlugin(imports)],
    });
    code = result.outputFiles[0]!.text;
  } catch (error) {
    const first = (error as { errors?: Message[] }).errors?.[0];
    throw new SiteError({
      code: 'CONFIG_LOAD_FAILED',
      message: first ? first.text : String(error),
      location: {
        file,
        line: first?.location?.line,
        column: first?.location ? first.location.column + 1 : undefined,
      },
      hint: first?.text.startsWith('Could not resolve')
        ? 'Check what this import names: a file of the site by its path, or a package installed in the project.'
        : 'Fix the syntax error; the config is TypeScript evaluated at build time.',
    });
  }
  try {
    const mod = await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
    return { value: mod.default, code, imports };
  } catch (error) {
    throw new SiteError({
      code: 'CONFIG_LOAD_FAILED',
      message: `evaluating the module failed: ${(error as Error).message}`,
      location: { file },
      cause: error,
    });
  }
}

/** Finds, evaluates, validates and normalises the site configuration. */
export async function loadConfig(siteDir: string): Promise<SiteConfig> {
  const absoluteSite = path.resolve(siteDir);
  let configFile: string | undefined;
  let text = '';
  for (const name of CONFIG_FILE_NAMES) {
    try {
      text = await readFile(path.join(absoluteSite, name), 'utf8');
      configFile = path.join(absoluteSite, name);
      break;
    } catch {
      // try the next name
    }
  }
  if (!configFile) {
    throw new SiteError({
      code: 'CONFIG_NOT_FOUND',
      message: `no site config in ${siteDir} (looked for ${CONFIG_FILE_NAMES.join(', ')})`,
      hint: 'Pass the site directory with --site, or create sipadocs.config.ts there.',
    });
  }
  const { value: loaded, code, imports } = await loadSiteModule(configFile);
  const { value: raw, issues: readIssues } = plainConfigValue(loaded);
  // A value that cannot be read is all there is to say: the rest would be read from what is missing.
  const issues = readIssues.length > 0 ? readIssues : [...validate(raw, configSchema), ...navbarItemIssues(raw), ...localeIssues(raw), ...tocIssues(raw), ...headSettingIssues(raw), ...pluginEntryIssues(raw)];
  if (issues.length > 0) {
    // Every unknown key and wrong type at once, like content problems, each at its line.
    throw new SiteErrors(
      issues.map((issue) => {
        const position = findKey(text, issue.path);
        return new SiteError({
          code: 'CONFIG_INVALID',
          message: issue.message,
          location: { file: configFile, ...position },
          frame: position ? codeFrame(text, position.line, position.column) : undefined,
          hint: 'See "Configuration" in the README for every key and its type.',
        });
      }),
    );
  }
  const plugins = await resolveSitePlugins(pluginListsByScope(raw as UserConfig), imports, configFile, code).catch((error: unknown) => {
    // A plugin entry that is none: at its key in the config.
    if (!(error instanceof SiteError)) throw error;
    const position = findKey(text, /^(\S+) is not/.exec(error.message)?.[1] ?? '');
    throw new SiteError({ ...error, message: error.message, location: { file: configFile, ...position }, frame: position ? codeFrame(text, position.line, position.column) : undefined });
  });
  const config = normalizeConfig(raw as never, absoluteSite, configFile, plugins);
  await checkDefaultImage(config, text);
  return config;
}

/** The default social-card image, when it is a file of the static folder, must be there. */
async function checkDefaultImage(config: SiteConfig, text: string): Promise<void> {
  if (!config.image || isExternalUrl(config.image)) return;
  const file = path.join(config.siteDir, config.staticDir, config.image.replace(/^\/+/, ''));
  const found = await stat(file).then((info) => info.isFile(), () => false);
  if (found) return;
  const position = findKey(text, 'image');
  throw new SiteError({
    code: 'CONFIG_INVALID',
    message: `image "${config.image}" is not a file of the static folder (${path.join(config.staticDir, config.image.replace(/^\/+/, ''))})`,
    location: { file: config.configFile, ...position },
    frame: position ? codeFrame(text, position.line, position.column) : undefined,
    hint: 'Give the path of an image inside the static folder, such as "img/social-card.png", or a full URL.',
  });
}

/**
 * Best-effort position of a dotted key path in the config source: each named segment is looked
 * for after the one before it, so `blog.editUrl` is found under `blog` even when `docs` has an
 * `editUrl` too. Array indices are skipped; the last named segment found gives the position.
 */
function findKey(text: string, keyPath: string): { line: number; column: number } | undefined {
  let from = 0;
  let found: number | undefined;
  for (const key of keyPath.split('.').filter((part) => !/^\d+$/.test(part))) {
    const pattern = new RegExp(`(^|[\\s{,])(['"]?)${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\2\\s*:`, 'mg');
    pattern.lastIndex = from;
    const match = pattern.exec(text);
    if (!match) break;
    found = match.index + match[1]!.length;
    from = found + key.length;
  }
  if (found === undefined) return undefined;
  const before = text.slice(0, found).split('\n');
  return { line: before.length, column: before[before.length - 1]!.length + 1 };
}
