import type { ValidationIssue } from './validate.js';

/**
 * What the schema cannot say of `i18n`: sipadocs builds the default locale only, so a config
 * listing more locales would build one of them without a word; it is stopped instead. The list
 * must name the default locale, whose settings every page uses.
 */
export function localeIssues(config: unknown): ValidationIssue[] {
  const i18n = (config as { i18n?: { defaultLocale?: unknown; locales?: unknown } } | null)?.i18n;
  if (typeof i18n?.defaultLocale !== 'string' || !Array.isArray(i18n.locales)) return [];
  const defaultLocale = i18n.defaultLocale;
  const locales = i18n.locales.filter((locale): locale is string => typeof locale === 'string');
  const path = 'i18n.locales';
  if (locales.length > 1) {
    return [
      {
        path,
        message: `${path} lists ${locales.length} locales (${locales.join(', ')}): sipadocs builds one locale today, the default one; set \`locales: [${JSON.stringify(defaultLocale)}]\``,
      },
    ];
  }
  if (!locales.includes(defaultLocale)) {
    return [{ path, message: `${path} must list the default locale ${JSON.stringify(defaultLocale)}, the one locale sipadocs builds` }];
  }
  return [];
}
