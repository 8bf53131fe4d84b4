/**
 * `@docusaurus/plugin-client-redirects` as the sipadocs config's `redirects`: its `redirects`
 * (`{ from, to }`), `fromExtensions` and `toExtensions` are carried as they are. `createRedirects` is
 * a function, which the migration does not run: it is reported, to be written as `prefixes` rules.
 */
import type { RedirectsConfig } from '../config/types.js';
import { ConfigObject, describeValue, isFunction } from './evaluated.js';
import type { MigrationNotes } from './notes.js';
import type { Evaluated } from './sandbox.js';

const PLUGIN_NAMES = new Set(['@docusaurus/plugin-client-redirects', 'client-redirects', 'docusaurus-plugin-client-redirects']);

/** Whether a plugins entry (`'name'` or `['name', options]`, the name possibly a resolved path) is the client-redirects plugin. */
export function isClientRedirectsPlugin(entry: Evaluated): boolean {
  const head = Array.isArray(entry) ? entry[0] : entry;
  if (typeof head !== 'string') return false;
  const name = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(head)?.[1] ?? head;
  return PLUGIN_NAMES.has(name);
}

/** The plugin's options as `redirects`, reporting what cannot be carried. */
export function readClientRedirects(entry: Evaluated, where: string, notes: MigrationNotes): RedirectsConfig {
  const options = ConfigObject.of(`${where}.options`, Array.isArray(entry) ? entry[1] : undefined);
  const result: RedirectsConfig = {};
  const strings = (value: Evaluated | undefined) => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
  const fromExtensions = strings(options.get('fromExtensions'));
  const toExtensions = strings(options.get('toExtensions'));
  if (fromExtensions.length > 0) result.fromExtensions = fromExtensions;
  if (toExtensions.length > 0) result.toExtensions = toExtensions;
  const pages: NonNullable<RedirectsConfig['pages']> = [];
  const redirects = options.get('redirects');
  if (Array.isArray(redirects)) {
    redirects.forEach((value, i) => {
      const redirect = ConfigObject.of(options.path(`redirects.${i}`), value);
      const to = redirect.string('to');
      const from = redirect.get('from');
      const froms = typeof from === 'string' ? [from] : strings(from);
      if (to === undefined || froms.length === 0) {
        notes.notCarried(`${redirect.where}: ${describeValue(value)}`, 'a redirect needs a "to" and a "from"');
        return;
      }
      pages.push({ from: froms.length === 1 ? froms[0]! : froms, to });
      redirect.reportRest(notes);
    });
  }
  if (pages.length > 0) result.pages = pages;
  const create = options.get('createRedirects');
  if (create !== undefined) {
    notes.notCarried(
      `${options.path('createRedirects')}: ${describeValue(create)}`,
      isFunction(create) ? 'a function, which the migration does not run; write its rules as redirects.prefixes ({ from, to } by path prefix) or redirects.pages' : 'a function was expected',
    );
  }
  options.reportRest(notes);
  const count = pages.length + fromExtensions.length + toExtensions.length;
  if (count > 0) {
    const parts = [
      pages.length > 0 ? `${pages.length} redirect${pages.length === 1 ? '' : 's'}` : '',
      fromExtensions.length > 0 ? `fromExtensions ${fromExtensions.join(', ')}` : '',
      toExtensions.length > 0 ? `toExtensions ${toExtensions.join(', ')}` : '',
    ].filter(Boolean);
    notes.carriedOver(`@docusaurus/plugin-client-redirects: ${parts.join(', ')}, as redirect pages and _redirects`);
  }
  return result;
}
