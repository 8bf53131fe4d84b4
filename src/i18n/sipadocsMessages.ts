/**
 * sipadocs's own theme words (the `sipadocs.…` ids of THEME_MESSAGES) in every language whose
 * translations of Docusaurus's theme `@docusaurus/theme-translations` ships, by its folder names.
 */
export const SIPADOCS_MESSAGES: Record<string, Record<string, string>> = {};
