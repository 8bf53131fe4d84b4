import { useMemo } from 'react';
import { useSiteData } from '../../src/client/siteContext.js';
import type { LocaleConfig } from '../../src/shared/types.js';

export interface DocusaurusContext {
  siteConfig: {
    title: string;
    tagline: string;
    url: string;
    baseUrl: string;
    titleDelimiter: string;
    trailingSlash: false;
    customFields: Record<string, unknown>;
  };
  /** The site's own version, the config's `siteVersion` (Docusaurus reads it from the site's package.json). */
  siteMetadata: { siteVersion: string };
  i18n: { defaultLocale: string; currentLocale: string; locales: string[]; localeConfigs: Record<string, LocaleConfig> };
}

/** `@docusaurus/useDocusaurusContext`: the site config fields content reads, from the page's site data. */
export default function useDocusaurusContext(): DocusaurusContext {
  const site = useSiteData();
  return useMemo(() => {
    const { name, ...locale } = site.locale;
    // Every locale of a site in several, with the settings each page may read; else the one built.
    const locales = site.i18n?.locales ?? [];
    const localeConfigs = Object.fromEntries(locales.map(({ name: other, label, htmlLang, direction }) => [other, { ...locale, label, htmlLang, direction, path: other }]));
    return {
      siteConfig: {
        title: site.title,
        tagline: site.tagline,
        url: site.url,
        baseUrl: site.baseUrl,
        titleDelimiter: site.titleDelimiter,
        trailingSlash: false,
        customFields: site.customFields ?? {},
      },
      siteMetadata: { siteVersion: site.siteVersion },
      i18n: {
        defaultLocale: site.i18n?.defaultLocale ?? name,
        currentLocale: name,
        locales: locales.length > 0 ? locales.map((entry) => entry.name) : [name],
        localeConfigs: { ...localeConfigs, [name]: locale },
      },
    };
  }, [site]);
}
