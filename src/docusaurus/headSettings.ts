import { headSettingIssues } from '../config/headSettings.js';
import type { HeadTag, ScriptSetting, StylesheetSetting, UserConfig } from '../config/types.js';
import type { PolicySources } from '../server/securityHeaders.js';
import { describeValue, isObject, type ConfigObject } from './evaluated.js';
import type { MigrationNotes } from './notes.js';
import type { Evaluated } from './sandbox.js';

/** What Google Analytics sends its measurements to, besides loading its script (Google's own list for a policy). */
const ANALYTICS_CONNECT = ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'];

/** Plugins whose head tags the migration writes into the config, by the package's last name part. */
const HEAD_PLUGINS = ['google-gtag', 'google-analytics', 'pwa'] as const;
type HeadPlugin = (typeof HEAD_PLUGINS)[number];

/**
 * The head of every page as a Docusaurus project sets it: the config's own `headTags`, `scripts`
 * and `stylesheets`; Google Analytics given to the classic preset (`gtag`, `googleAnalytics`) or as
 * its plugins, written as the tags those plugins put in each page; the PWA plugin's `pwaHead` tags.
 * `policy` holds what the migrated site's `_headers` must add to the generated policy for them
 * (Google Analytics' endpoints), which no tag names.
 */
export class HeadMigration {
  private readonly headTags: HeadTag[] = [];
  private readonly stylesheets: StylesheetSetting[] = [];
  private readonly scripts: ScriptSetting[] = [];
  readonly policy: PolicySources = {};

  constructor(
    private readonly baseUrl: string,
    private readonly notes: MigrationNotes,
  ) {}

  /** The config's `headTags`, `scripts` and `stylesheets`, each entry carried when sipadocs can write it. */
  readSiteKeys(config: ConfigObject): void {
    for (const key of ['headTags', 'stylesheets', 'scripts'] as const) {
      const value = config.get(key);
      if (value === undefined) continue;
      if (!Array.isArray(value)) {
        this.notes.notCarried(`${config.path(key)}: ${describeValue(value)}`, 'a list was expected');
        continue;
      }
      value.forEach((entry, i) => {
        const issues = headSettingIssues({ [key]: [entry] });
        if (issues.length > 0) return this.notes.notCarried(`${config.path(key)}.${i}: ${describeValue(entry)}`, issues.map((issue) => issue.message.replace(`${key}.0`, 'it')).join('; '));
        (this[key] as unknown[]).push(entry);
      });
    }
  }

  /** `gtag` and `googleAnalytics` of the classic preset. */
  readPreset(preset: ConfigObject): void {
    for (const key of ['gtag', 'googleAnalytics'] as const) {
      const options = preset.get(key);
      if (options !== undefined) this.analytics(key === 'gtag' ? 'google-gtag' : 'google-analytics', options, preset.path(key));
    }
  }

  /** Takes a plugin entry of `plugins` when it is one of those that write head tags; false for any other. */
  takePlugin(entry: Evaluated): boolean {
    const plugin = headPluginOf(entry);
    if (!plugin) return false;
    const where = `plugins (${plugin})`;
    const options = Array.isArray(entry) ? entry[1] : undefined;
    if (plugin === 'pwa') this.pwa(options, where);
    else this.analytics(plugin, options, where);
    return true;
  }

  /** The settings for the new config (only the keys that have entries). */
  settings(): Pick<UserConfig, 'headTags' | 'stylesheets' | 'scripts'> {
    return {
      ...(this.headTags.length > 0 ? { headTags: this.headTags } : {}),
      ...(this.stylesheets.length > 0 ? { stylesheets: this.stylesheets } : {}),
      ...(this.scripts.length > 0 ? { scripts: this.scripts } : {}),
    };
  }

  /** The tags Docusaurus's analytics plugins write: gtag.js with its configuration, or analytics.js with its queue. */
  private analytics(plugin: 'google-gtag' | 'google-analytics', options: Evaluated | undefined, where: string): void {
    const given = isObject(options) ? options.trackingID : undefined;
    const ids = (Array.isArray(given) ? given : [given]).filter((id): id is string => typeof id === 'string' && /^[\w-]+$/.test(id));
    if (ids.length === 0) {
      this.notes.notCarried(`${where}: ${describeValue(options)}`, 'no trackingID sipadocs can write into a script was given');
      return;
    }
    const anonymize = isObject(options) && options.anonymizeIP === true;
    const preconnect = (href: string): HeadTag => ({ tagName: 'link', attributes: { rel: 'preconnect', href } });
    if (plugin === 'google-gtag') {
      const config = ids.map((id) => `gtag('config',${JSON.stringify(id)}${anonymize ? ",{anonymize_ip:true}" : ''});`).join('');
      this.headTags.push(
        preconnect('https://www.google-analytics.com'),
        preconnect('https://www.googletagmanager.com'),
        { tagName: 'script', attributes: { async: true, src: `https://www.googletagmanager.com/gtag/js?id=${ids[0]}` } },
        { tagName: 'script', innerHTML: `window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}gtag('js',new Date());${config}` },
      );
    } else {
      this.headTags.push(
        preconnect('https://www.google-analytics.com'),
        { tagName: 'script', innerHTML: `window.ga=window.ga||function(){(ga.q=ga.q||[]).push(arguments)};ga.l=+new Date;ga('create',${JSON.stringify(ids[0])},'auto');${anonymize ? "ga('set','anonymizeIp',true);" : ''}ga('send','pageview');` },
        { tagName: 'script', attributes: { async: true, src: 'https://www.google-analytics.com/analytics.js' } },
      );
    }
    const allow = (directive: string, sources: string[]) => {
      const list = (this.policy[directive] ??= []);
      for (const source of sources) if (!list.includes(source)) list.push(source);
    };
    allow('connect-src', ANALYTICS_CONNECT);
    // gtag.js measures a Universal Analytics id (UA-…) with analytics.js, which it loads itself.
    if (plugin === 'google-gtag' && ids.some((id) => id.startsWith('UA-'))) allow('script-src', ['https://www.google-analytics.com']);
    this.notes.carriedOver(`${where}: Google Analytics (${ids.join(', ')}) as head tags loading ${plugin === 'google-gtag' ? 'gtag.js' : 'analytics.js'}; the pages' Content-Security-Policy allows it, and static/_headers lets it send its measurements`);
  }

  /**
   * `pwaHead`: the tags describing the site to browsers that install it (icons, theme colour, the
   * manifest), which mean the same without the plugin's service worker. As the plugin does, a
   * file path in `href` or `content` gets the base URL.
   */
  private pwa(options: Evaluated | undefined, where: string): void {
    const tags = isObject(options) && Array.isArray(options.pwaHead) ? options.pwaHead : [];
    let carried = 0;
    tags.forEach((entry, i) => {
      if (!isObject(entry) || typeof entry.tagName !== 'string') return this.notes.notCarried(`${where}.pwaHead.${i}: ${describeValue(entry)}`, 'a tag { tagName, … } was expected');
      const { tagName, ...rest } = entry;
      const attributes: Record<string, string | boolean> = {};
      for (const [name, value] of Object.entries(rest)) {
        if (typeof value === 'string') attributes[name] = (name === 'href' || name === 'content') && isFilePath(value) ? this.withBase(value) : value;
        else if (typeof value === 'boolean') attributes[name] = value;
      }
      const tag = { tagName, attributes };
      const issues = headSettingIssues({ headTags: [tag] });
      if (issues.length > 0) return this.notes.notCarried(`${where}.pwaHead.${i}: ${describeValue(entry)}`, issues.map((issue) => issue.message).join('; '));
      this.headTags.push(tag);
      carried++;
    });
    if (carried > 0) this.notes.carriedOver(`${where}: the ${carried} pwaHead tags (icons, theme colour, manifest) in every page's head`);
    this.notes.notCarried(`${where}: the service worker`, 'sipadocs makes no service worker, so the site has no offline mode; the pwaHead tags were carried');
  }

  private withBase(file: string): string {
    return file.startsWith(this.baseUrl) ? file : `${this.baseUrl}${file.replace(/^\/+/, '')}`;
  }
}

/** A path to a file: it has an extension and is no URL of another site or data. */
const isFilePath = (value: string) => /\.[A-Za-z0-9]+$/.test(value.split(/[?#]/)[0]!) && !/^[a-z][a-z0-9+.-]*:|^\/\//i.test(value);

/** Which head-writing plugin an entry of `plugins` is, by its package or its short name. */
function headPluginOf(entry: Evaluated): HeadPlugin | undefined {
  const head = Array.isArray(entry) ? entry[0] : entry;
  if (typeof head !== 'string') return undefined;
  const name = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(head)?.[1] ?? head;
  return HEAD_PLUGINS.find((plugin) => name === plugin || name === `@docusaurus/plugin-${plugin}` || name === `docusaurus-plugin-${plugin}`);
}

/** The `_headers` rule that adds `policy` to the generated policy of every page (see server/sitePolicy.ts). */
export function policyHeadersText(policy: PolicySources): string | null {
  const directives = Object.entries(policy).filter(([, sources]) => sources.length > 0);
  if (directives.length === 0) return null;
  return `# Added to the Content-Security-Policy sipadocs writes, for the analytics the pages load.\n/*\n  Content-Security-Policy: ${directives.map(([name, sources]) => [name, ...sources].join(' ')).join('; ')}\n`;
}
