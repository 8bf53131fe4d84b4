/**
 * The broken-link settings of a Docusaurus project, as the migrated site needs them to build as
 * the project did: `onBrokenLinks`, `onBrokenMarkdownLinks` (also `markdown.hooks.onBrokenMarkdownLinks`,
 * where Docusaurus 3.9 moved it) and `onBrokenAnchors`, with Docusaurus's defaults where the
 * project sets none. Docusaurus 2 did not check anchors at all; Docusaurus 3 warns.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ReportLevel, UserConfig } from '../config/types.js';
import { isObject, type ConfigObject } from './evaluated.js';
import type { MigrationNotes } from './notes.js';

const LEVELS: readonly ReportLevel[] = ['throw', 'warn', 'log', 'ignore'];

export type LinkSettings = Required<Pick<UserConfig, 'onBrokenLinks' | 'onBrokenMarkdownLinks' | 'onBrokenAnchors'>>;

/** The major version of Docusaurus the project's package.json asks for (3 when it does not say). */
export function docusaurusMajor(projectDir: string): number {
  try {
    const manifest = JSON.parse(readFileSync(path.join(projectDir, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>;
    const range = manifest.dependencies?.['@docusaurus/core'] ?? manifest.devDependencies?.['@docusaurus/core'] ?? manifest.dependencies?.['@docusaurus/preset-classic'];
    const major = range ? /(\d+)/.exec(range)?.[1] : undefined;
    return major ? Number(major) : 3;
  } catch {
    return 3;
  }
}

export function readLinkSettings(config: ConfigObject, projectDir: string, notes: MigrationNotes): LinkSettings {
  const level = (key: string, value: unknown, fallback: ReportLevel): ReportLevel => {
    if (value === undefined || value === null) return fallback;
    if (typeof value === 'string' && (LEVELS as string[]).includes(value)) return value as ReportLevel;
    notes.notCarried(`${key}: ${JSON.stringify(value)}`, `not one of ${LEVELS.map((l) => `'${l}'`).join(', ')}; Docusaurus's default '${fallback}' was used`);
    return fallback;
  };
  const major = docusaurusMajor(projectDir);
  // Read without marking `markdown` as carried: its other keys are reported where they are read.
  const markdown = config.value.markdown;
  const hooks = isObject(markdown) && isObject(markdown.hooks) ? markdown.hooks : undefined;
  const settings: LinkSettings = {
    onBrokenLinks: level('onBrokenLinks', config.get('onBrokenLinks'), 'throw'),
    onBrokenMarkdownLinks: level('onBrokenMarkdownLinks', hooks?.onBrokenMarkdownLinks ?? config.get('onBrokenMarkdownLinks'), 'warn'),
    onBrokenAnchors: level('onBrokenAnchors', config.get('onBrokenAnchors'), major >= 3 ? 'warn' : 'ignore'),
  };
  const given = (key: keyof LinkSettings) => (config.value[key] !== undefined || (key === 'onBrokenMarkdownLinks' && hooks?.onBrokenMarkdownLinks !== undefined) ? '' : ' (Docusaurus\'s default)');
  const anchorsNote = major < 3 && config.value.onBrokenAnchors === undefined ? ' (Docusaurus 2 did not check anchors)' : given('onBrokenAnchors');
  notes.carriedOver(
    `broken links: onBrokenLinks '${settings.onBrokenLinks}'${given('onBrokenLinks')}, onBrokenMarkdownLinks '${settings.onBrokenMarkdownLinks}'${given('onBrokenMarkdownLinks')}, onBrokenAnchors '${settings.onBrokenAnchors}'${anchorsNote}`,
  );
  return settings;
}
