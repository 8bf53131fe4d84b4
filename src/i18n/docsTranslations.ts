import path from 'node:path';
import type { SiteConfig } from '../config/types.js';
import type { DocsInstance } from '../model/docsVersions.js';
import { docsPluginFolder, messagesOf, readTranslationFile, versionTranslationName } from './translationFiles.js';

/**
 * The messages of a docs version's translation file (`docusaurus-plugin-content-docs/current.json`,
 * `…/version-1.0.json`): its label (`version.label`) and its sidebars' labels (see sidebarLabels.ts).
 * None for a locale that translates nothing, or without the file.
 */
export function docsVersionMessages(config: SiteConfig, pluginId: string, version: string): Record<string, string> {
  const translation = config.translation;
  if (!translation?.translate) return {};
  const file = path.join(config.siteDir, translation.dir, docsPluginFolder(pluginId), `${versionTranslationName(version)}.json`);
  // Located relative to the site, as content errors are (the stages show them from the working folder).
  return messagesOf(readTranslationFile(file, path.relative(config.siteDir, file)));
}

/** The docs instances with each version's label as the locale's translation file gives it. */
export function withTranslatedVersionLabels(config: SiteConfig, instances: DocsInstance[]): DocsInstance[] {
  if (!config.translation?.translate) return instances;
  return instances.map((instance) => ({
    ...instance,
    versions: instance.versions.map((version) => {
      const label = docsVersionMessages(config, instance.id, version.name)['version.label'];
      return label === undefined ? version : { ...version, label };
    }),
  }));
}
