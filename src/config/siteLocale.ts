import type { LocaleConfig } from '../shared/types.js';
import type { SiteConfig } from './types.js';

/** The settings of the one locale sipadocs builds, the default one: its language, direction, calendar. */
export function siteLocale(config: Pick<SiteConfig, 'i18n'>): LocaleConfig {
  return config.i18n.localeConfigs[config.i18n.defaultLocale]!;
}
