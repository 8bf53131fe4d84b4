/**
 * What one locale of a site takes from its folder of translations (`i18n/<locale>/`, in
 * Docusaurus's layout), read when the locale's config is made (see i18n/localeConfig.ts). Its
 * content files are read by the scan (see i18n/localizedSources.ts), its sidebar labels by the
 * model (see i18n/sidebarLabels.ts).
 */
export interface LocaleTranslation {
  locale: string;
  /** The locale's folder of translations, relative to the site folder ('i18n/fr'). */
  dir: string;
  /** Whether its content and JSON files are read (see SiteLocaleConfig.translate). */
  translate: boolean;
  /**
   * The words of the theme and of the site's `translate()` calls in the locale, by message id:
   * the theme's own translations, then the site's `code.json`. The runtime gets them with the site data.
   */
  messages: Record<string, string>;
  /**
   * The content files the locale translates: by the site-relative path of the file each stands for
   * (under the docs, blog or pages folder), the translation's own site-relative path (see
   * i18n/contentFiles.ts).
   */
  sources: ReadonlyMap<string, string>;
  /** The translation files that were read, absolute: a watch session reads the locale again when one changes. */
  files: string[];
}
