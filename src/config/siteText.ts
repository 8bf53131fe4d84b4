import type { ThemeMessageId } from '../shared/themeCatalog.js';
import { themeText } from '../shared/themeCatalog.js';
import type { MessageValues } from '../shared/translate.js';
import { siteLocale } from './siteLocale.js';
import type { SiteConfig } from './types.js';

/** A word of the theme the build writes (a generated page's title), in the language of the locale the config builds. */
export function siteText(config: Pick<SiteConfig, 'i18n' | 'translation'>, id: ThemeMessageId, values?: MessageValues): string {
  return themeText(config.translation?.messages, id, values, siteLocale(config).htmlLang);
}
