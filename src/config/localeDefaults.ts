import type { SiteLocaleConfig, UserConfig } from './types.js';

/**
 * Every locale's settings, each default filled in as Docusaurus fills it: the label is the
 * language's own name ("Français"), the direction and calendar those the language is written in
 * (right to left for Arabic, the Persian calendar for Persian), the folder of translations the
 * locale's name. The default locale is served at the site's base URL, each other one at
 * `<baseUrl><locale>/`, unless its `baseUrl` says otherwise.
 */
export function localeConfigsOf(i18n: UserConfig['i18n'], siteBaseUrl: string, defaultLocale: string, locales: string[]): Record<string, SiteLocaleConfig> {
  const configs: Record<string, SiteLocaleConfig> = {};
  for (const name of locales) {
    const given = i18n?.localeConfigs?.[name] ?? {};
    const htmlLang = given.htmlLang ?? name;
    configs[name] = {
      label: given.label ?? languageName(htmlLang, name),
      direction: given.direction ?? writingDirection(htmlLang),
      htmlLang,
      calendar: given.calendar ?? calendarOf(htmlLang),
      path: given.path ?? name,
      baseUrl: given.baseUrl !== undefined ? basePath(given.baseUrl) : name === defaultLocale ? siteBaseUrl : `${siteBaseUrl}${name}/`,
      translate: given.translate ?? true,
    };
  }
  return configs;
}

/** "/fr" → "/fr/", "sub/fr/" → "/sub/fr/", "/" → "/". */
function basePath(value: string): string {
  const trimmed = value.replace(/^\/+|\/+$/g, '');
  return trimmed ? `/${trimmed}/` : '/';
}

/** The language's name in itself, capitalised ("fr" → "Français"); the locale's name when the runtime does not know it. */
function languageName(htmlLang: string, name: string): string {
  const parts = htmlLang.split('-');
  for (const tag of [htmlLang, parts.slice(0, 2).join('-'), parts[0]!]) {
    try {
      const shown = new Intl.DisplayNames([tag], { type: 'language', fallback: 'code' }).of(tag);
      if (shown) return shown.charAt(0).toLocaleUpperCase(tag) + shown.slice(1);
    } catch {
      // Not a tag this runtime reads: try a shorter one.
    }
  }
  return name;
}

/** 'rtl' for a language written right to left (Arabic, Hebrew, Persian, Urdu…). */
function writingDirection(htmlLang: string): 'ltr' | 'rtl' {
  try {
    const locale = new Intl.Locale(htmlLang) as Intl.Locale & { getTextInfo?: () => { direction?: string }; textInfo?: { direction?: string } };
    const info = locale.getTextInfo?.() ?? locale.textInfo;
    return info?.direction === 'rtl' ? 'rtl' : 'ltr';
  } catch {
    return 'ltr';
  }
}

/** The calendar the language is written with ("gregory" for most, "persian" for fa, "buddhist" for th). */
function calendarOf(htmlLang: string): string {
  try {
    const locale = new Intl.Locale(htmlLang) as Intl.Locale & { getCalendars?: () => string[]; calendars?: string[] };
    if (locale.calendar) return locale.calendar;
    return (locale.getCalendars?.() ?? locale.calendars)?.[0] ?? 'gregory';
  } catch {
    return 'gregory';
  }
}
