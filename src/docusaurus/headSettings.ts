import { headSettingIssues } from '../config/headSettings.js';
import type { AnalyticsSettings, HeadTag, ScriptSetting, StylesheetSetting, UserConfig } from '../config/types.js';
import { ANALYTICS_ID } from '../config/analytics.js';
import { describeValue, isObject, type ConfigObject } from './evaluated.js';
import type { MigrationNotes } from './notes.js';
import type { Evaluated } from './sandbox.js';

/** Plugins whose head tags the migration carries into the config, by the package's last name part. */
const HEAD_PLUGINS = ['google-gtag', 'google-analytics', 'google-tag-manager', 'pwa'] as const;
type HeadPlugin = (typeof HEAD_PLUGINS)[number];
type AnalyticsPlugin = Exclude<HeadPlugin, 'pwa'>;

/**
 * The head of every page as a Docusaurus project sets it: the config's own `headTags`, `scripts`
 * and `stylesheets`; Google's analytics given to the classic preset (`gtag`, `googleAnalytics`,
 * `googleTagManager`) or as its plugins, as sipadocs's settings of those names; the PWA plugin's
 * `pwaHead` tags.
 */
export class HeadMigration {
  private readonly headTags: HeadTag[] = [];
  private readonly stylesheets: StylesheetSetting[] = [];
  private readonly scripts: ScriptSetting[] = [];
  private readonly analyticsSettings: AnalyticsSettings = {};

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

  /** `gtag`, `googleAnalytics` and `googleTagManager` of the classic preset. */
  readPreset(preset: ConfigObject): void {
    const plugins = { gtag: 'google-gtag', googleAnalytics: 'google-analytics', googleTagManager: 'google-tag-manager' } as const;
    for (const [key, plugin] of Object.entries(plugins)) {
      const options = preset.get(key);
      if (options !== undefined) this.analytics(plugin, options, preset.path(key));
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
  settings(): Pick<UserConfig, 'headTags' | 'stylesheets' | 'scripts' | keyof AnalyticsSettings> {
    return {
      ...this.analyticsSettings,
      ...(this.headTags.length > 0 ? { headTags: this.headTags } : {}),
      ...(this.stylesheets.length > 0 ? { stylesheets: this.stylesheets } : {}),
      ...(this.scripts.length > 0 ? { scripts: this.scripts } : {}),
    };
  }

  /**
   * Google's analytics as sipadocs's settings of the same names, which write the tags Docusaurus's
   * plugins write and allow what they load and send to (see config/analytics.ts).
   */
  private analytics(plugin: AnalyticsPlugin, options: Evaluated | undefined, where: string): void {
    const key = plugin === 'google-gtag' ? 'gtag' : plugin === 'google-analytics' ? 'googleAnalytics' : 'googleTagManager';
    const given = isObject(options) ? options[key === 'googleTagManager' ? 'containerId' : 'trackingID'] : undefined;
    const ids = (Array.isArray(given) ? given : [given]).filter((id): id is string => typeof id === 'string' && ANALYTICS_ID.test(id));
    if (ids.length === 0) {
      this.notes.notCarried(`${where}: ${describeValue(options)}`, `no ${key === 'googleTagManager' ? 'containerId' : 'trackingID'} sipadocs can write into a script was given`);
      return;
    }
    const anonymizeIP = isObject(options) && options.anonymizeIP === true ? { anonymizeIP: true } : {};
    if (key === 'gtag') this.analyticsSettings.gtag = { trackingID: ids.length === 1 ? ids[0]! : ids, ...anonymizeIP };
    else if (key === 'googleAnalytics') this.analyticsSettings.googleAnalytics = { trackingID: ids[0]!, ...anonymizeIP };
    else this.analyticsSettings.googleTagManager = { containerId: ids[0]! };
    this.notes.carriedOver(`${where}: ${key === 'googleTagManager' ? 'Google Tag Manager' : 'Google Analytics'} (${ids.join(', ')}) as ${key}; the pages' Content-Security-Policy allows it`);
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
