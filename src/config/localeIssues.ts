import type { ValidationIssue } from './validate.js';

type GivenLocale = { htmlLang?: unknown; calendar?: unknown; baseUrl?: unknown };

/**
 * What the schema cannot say of `i18n`: the locales name the default one, each once; each
 * locale's language and calendar are ones the JavaScript runtime knows (dates are written in
 * them); no two locales are served at the same base URL.
 */
export function localeIssues(config: unknown): ValidationIssue[] {
  const i18n = (config as { i18n?: { defaultLocale?: unknown; locales?: unknown; localeConfigs?: Record<string, GivenLocale> } } | null)?.i18n;
  if (typeof i18n?.defaultLocale !== 'string' || !Array.isArray(i18n.locales)) return [];
  const defaultLocale = i18n.defaultLocale;
  const locales = i18n.locales.filter((locale): locale is string => typeof locale === 'string');
  const path = 'i18n.locales';
  if (!locales.includes(defaultLocale)) {
    return [{ path, message: `${path} must list the default locale ${JSON.stringify(defaultLocale)}` }];
  }
  const issues: ValidationIssue[] = [];
  const twice = locales.filter((locale, i) => locales.indexOf(locale) !== i);
  if (twice.length > 0) issues.push({ path, message: `${path} lists ${[...new Set(twice)].map((name) => JSON.stringify(name)).join(', ')} more than once` });
  const bases = new Map<string, string>();
  for (const name of new Set(locales)) {
    const given = i18n.localeConfigs?.[name];
    issues.push(...dateLocaleIssues(name, given, name === defaultLocale));
    const base = typeof given?.baseUrl === 'string' ? given.baseUrl.replace(/^\/+|\/+$/g, '') : name === defaultLocale ? '' : name;
    const other = bases.get(base);
    if (other !== undefined) {
      issues.push({ path: `i18n.localeConfigs.${name}.baseUrl`, message: `locales ${JSON.stringify(other)} and ${JSON.stringify(name)} would both be served at the same base URL; give one of them a baseUrl of its own` });
    } else bases.set(base, name);
  }
  return issues;
}

/**
 * Dates are written in the locale's language (`htmlLang`, else its name) and `calendar`, as
 * Docusaurus writes them: each must be one the JavaScript runtime knows.
 */
function dateLocaleIssues(name: string, given: GivenLocale | undefined, isDefault: boolean): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const where = `i18n.localeConfigs.${name}`;
  const htmlLang = typeof given?.htmlLang === 'string' ? given.htmlLang : name;
  try {
    Intl.getCanonicalLocales(htmlLang);
  } catch {
    const path = typeof given?.htmlLang === 'string' ? `${where}.htmlLang` : isDefault ? 'i18n.defaultLocale' : 'i18n.locales';
    issues.push({ path, message: `${path} must be a language tag such as "en" or "pt-BR", got ${JSON.stringify(htmlLang)}` });
  }
  if (typeof given?.calendar === 'string' && !Intl.supportedValuesOf('calendar').includes(given.calendar)) {
    const path = `${where}.calendar`;
    issues.push({ path, message: `${path} must be a calendar such as "gregory", "japanese" or "islamic", got ${JSON.stringify(given.calendar)}` });
  }
  return issues;
}
