/**
 * The broken-link settings of a Docusaurus project, as the migrated site needs them to build as
 * the project did: `onBrokenLinks`, `onBrokenMarkdownLinks` (also `markdown.hooks.onBrokenMarkdownLinks`,
 * where Docusaurus 3.9 moved it) and `onBrokenAnchors`, with Docusaurus's defaults where the
 * project sets none. Docusaurus 2 did not check anchors at all; Docusaurus 3 warns. A relative
 * link whose text names a page from the site's root passes Docusaurus's checker: it is a warning.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ReportLevel, UserConfig } from '../config/types.js';
import { isObject, type ConfigObject } from './evaluated.js';
import type { MigrationNotes } from './notes.js';

const LEVELS: readonly ReportLevel[] = ['throw', 'warn', 'log', 'ignore'];

export type LinkSettings = Required<Pick<UserConfig, 'onBrokenLinks' | 'onBrokenMarkdownLinks' | 'onBrokenAnchors' | 'onRootRelativeLinks'>>;

/** The version range of Docusaurus the project's package.json asks for, or undefined. */
function docusaurusRange(projectDir: string): string | undefined {
  try {
    const manifest = JSON.parse(readFileSync(path.join(projectDir, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>;
    return manifest.dependencies?.['@docusaurus/core'] ?? manifest.devDependencies?.['@docusaurus/core'] ?? manifest.dependencies?.['@docusaurus/preset-classic'];
  } catch {
    return undefined;
  }
}

/** The major version of Docusaurus the project's package.json asks for (3 when it does not say). */
export function docusaurusMajor(projectDir: string): number {
  const major = /(\d+)/.exec(docusaurusRange(projectDir) ?? '')?.[1];
  return major ? Number(major) : 3;
}

/**
 * Whether the project's Docusaurus makes blog authors pages (3.5 and later): a range that lets
 * the newest 3.x in ("^3.0.0", "3.x", ">=3") does, a version fixed below 3.5 ("3.4.0", "~3.1.0") does not.
 */
export function hasAuthorsPages(projectDir: string): boolean {
  const range = (docusaurusRange(projectDir) ?? '^3').trim();
  const match = /^([\^~>=<]*)\s*v?(\d+)(?:\.(\d+|x|\*))?/.exec(range);
  if (!match) return true;
  const [, operator, major, minor] = match;
  if (Number(major) !== 3) return Number(major) > 3;
  if (operator === '^' || operator!.startsWith('>') || minor === undefined || minor === 'x' || minor === '*') return true;
  return Number(minor) >= 5;
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
    onRootRelativeLinks: 'warn',
  };
  // Docusaurus's checker takes a relative link for valid when its text names a file of the output
  // from the output's root: such a link is reported, never refused, unless broken links are let through anyway.
  if (settings.onBrokenLinks !== 'throw') settings.onRootRelativeLinks = settings.onBrokenLinks;
  const given = (key: keyof LinkSettings) => (config.value[key] !== undefined || (key === 'onBrokenMarkdownLinks' && hooks?.onBrokenMarkdownLinks !== undefined) ? '' : ' (Docusaurus\'s default)');
  const anchorsNote = major < 3 && config.value.onBrokenAnchors === undefined ? ' (Docusaurus 2 did not check anchors)' : given('onBrokenAnchors');
  notes.carriedOver(
    `broken links: onBrokenLinks '${settings.onBrokenLinks}'${given('onBrokenLinks')}, onBrokenMarkdownLinks '${settings.onBrokenMarkdownLinks}'${given('onBrokenMarkdownLinks')}, onBrokenAnchors '${settings.onBrokenAnchors}'${anchorsNote}, onRootRelativeLinks '${settings.onRootRelativeLinks}' (Docusaurus's checker accepts a relative link whose text names a page from the site's root)`,
  );
  return settings;
}
