import type { SiteConfig, SiteLocaleConfig } from './types.js';

/** The settings of the locale a config builds (its `i18n.currentLocale`): its language, direction, calendar, base URL. */
export function siteLocale(config: Pick<SiteConfig, 'i18n'>): SiteLocaleConfig {
  return config.i18n.localeConfigs[config.i18n.currentLocale]!;
}
