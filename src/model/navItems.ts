/**
 * The navbar items of the config that name a doc (`type: 'doc'`) or a docs sidebar (`type:
 * 'docSidebar'`), as Docusaurus resolves them: a link to the doc, or to the first page of the
 * sidebar, in the version of its docs instance served at the base path; active on every page of
 * the doc's sidebar; labelled with the doc's id unless the item has a label.
 */
import { readFileSync } from 'node:fs';
import { DEFAULT_DOCS_ID } from '../config/docsInstances.js';
import type { DocItemTarget } from '../config/normalize.js';
import type { NavItemConfig, SiteConfig } from '../config/types.js';
import { codeFrame, SiteError, SiteErrors } from '../errors.js';
import type { Sidebar, SiteModel } from './model.js';
import { firstPageOf } from './sidebar.js';

/** The name a page's sidebar view carries: "<instance>:<name>". */
export const sidebarViewName = (sidebar: Pick<Sidebar, 'pluginId' | 'name'>) => `${sidebar.pluginId}:${sidebar.name}`;

/**
 * The target of every `doc` and `docSidebar` item of the navbar (dropdown entries included).
 * Throws every item naming a doc or sidebar that the docs do not have, at its line in the config.
 */
export function resolveDocNavItems(config: Pick<SiteConfig, 'navbar' | 'configFile'>, model: SiteModel): Map<NavItemConfig, DocItemTarget> {
  const targets = new Map<NavItemConfig, DocItemTarget>();
  const errors: SiteError[] = [];
  const visit = (items: readonly NavItemConfig[], key: string) =>
    items.forEach((item, i) => {
      if (item.items) visit(item.items, `${key}.${i}.items`);
      if (item.type !== 'doc' && item.type !== 'docSidebar') return;
      const target = item.type === 'doc' ? docTarget(item, model) : sidebarTarget(item, model);
      if (target) targets.set(item, target);
      else errors.push(unknownTargetError(item, `${key}.${i}`, config.configFile));
    });
  visit(config.navbar.items, 'navbar.items');
  if (errors.length > 0) throw new SiteErrors(errors);
  return targets;
}

/** The version of an instance served at its base path. */
function lastVersionOf(model: SiteModel, pluginId: string): string | undefined {
  return model.docsInstances.find((instance) => instance.id === pluginId)?.lastVersion;
}

function docTarget(item: NavItemConfig, model: SiteModel): DocItemTarget | null {
  const pluginId = item.docsPluginId ?? DEFAULT_DOCS_ID;
  const version = lastVersionOf(model, pluginId);
  const doc = model.docs.find((d) => d.pluginId === pluginId && d.version === version && d.id === item.docId);
  if (!doc) return null;
  const placement = model.placements.get(doc.route);
  const sidebar = placement ? model.sidebars.find((s) => s.id === placement.sidebarId) : undefined;
  return { to: doc.route, label: item.label ?? doc.id, ...(sidebar ? { activeSidebar: sidebarViewName(sidebar) } : {}) };
}

function sidebarTarget(item: NavItemConfig, model: SiteModel): DocItemTarget | null {
  const pluginId = item.docsPluginId ?? DEFAULT_DOCS_ID;
  const version = lastVersionOf(model, pluginId);
  const sidebar = model.sidebars.find((s) => s.pluginId === pluginId && s.version === version && s.name === item.sidebarId);
  const to = sidebar && firstPageOf(sidebar);
  if (!sidebar || !to) return null;
  return { to, label: item.label ?? item.sidebarId!, activeSidebar: sidebarViewName(sidebar) };
}

function unknownTargetError(item: NavItemConfig, key: string, configFile: string): SiteError {
  const what = item.type === 'doc' ? `doc "${item.docId ?? ''}"` : `sidebar "${item.sidebarId ?? ''}"`;
  const named = item.type === 'doc' ? item.docId : item.sidebarId;
  let text = '';
  try {
    text = readFileSync(configFile, 'utf8');
  } catch {
    // The location then names the file only.
  }
  const at = named ? text.search(new RegExp(`['"\`]${named.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}['"\`]`)) : -1;
  const before = at === -1 ? null : text.slice(0, at + 1).split('\n');
  const line = before?.length;
  const column = before ? before[before.length - 1]!.length : undefined;
  return new SiteError({
    code: 'UNKNOWN_DOC_ID',
    message: `the navbar item ${key} links to the ${what}, which the docs${item.docsPluginId ? ` of "${item.docsPluginId}"` : ''} do not have`,
    location: { file: configFile, line, column },
    frame: line ? codeFrame(text, line, column) : undefined,
    hint: item.type === 'doc' ? 'Give the id of a doc (its path in the docs folder without extension, or its `id` front matter).' : 'Give the name of a sidebar of the sidebars file.',
  });
}
