import type { ValidationIssue } from './validate.js';

/**
 * What the schema cannot say of `i18n`: sipadocs builds the default locale only, so a config
 * listing more locales would build one of them without a word; it is stopped instead. The list
 * must name the default locale, whose settings every page uses, and dates can be written in its
 * language and calendar.
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
  return dateLocaleIssues(defaultLocale, (i18n as { localeConfigs?: Record<string, { htmlLang?: unknown; calendar?: unknown }> }).localeConfigs?.[defaultLocale]);
}

/**
 * Dates are written in the locale's language (`htmlLang`, else its name) and `calendar`, as
 * Docusaurus writes them: each must be one the JavaScript runtime knows.
 */
function dateLocaleIssues(name: string, given: { htmlLang?: unknown; calendar?: unknown } | undefined): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const where = `i18n.localeConfigs.${name}`;
  const htmlLang = typeof given?.htmlLang === 'string' ? given.htmlLang : name;
  try {
    Intl.getCanonicalLocales(htmlLang);
  } catch {
    const path = typeof given?.htmlLang === 'string' ? `${where}.htmlLang` : 'i18n.defaultLocale';
    issues.push({ path, message: `${path} must be a language tag such as "en" or "pt-BR", got ${JSON.stringify(htmlLang)}` });
  }
  if (typeof given?.calendar === 'string' && !Intl.supportedValuesOf('calendar').includes(given.calendar)) {
    const path = `${where}.calendar`;
    issues.push({ path, message: `${path} must be a calendar such as "gregory", "japanese" or "islamic", got ${JSON.stringify(given.calendar)}` });
  }
  return issues;
}
