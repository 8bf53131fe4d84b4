/** What the browser tells of the visitor's connection (the Network Information API, where there is one). */
type ConnectionInfo = { saveData?: boolean; effectiveType?: string };

const currentNavigator = (): Navigator | undefined => (typeof navigator === 'undefined' ? undefined : navigator);
const connectionOf = (nav: Navigator | undefined) => (nav as (Navigator & { connection?: ConnectionInfo }) | undefined)?.connection;

/**
 * Whether anything may be loaded ahead of a click: not when the visitor saves data or is on a 2g
 * connection (spec §7). Without connection information (Firefox, Safari), yes.
 */
export function shouldPrefetch(nav: Navigator | undefined = currentNavigator()): boolean {
  const connection = connectionOf(nav);
  if (!connection) return true;
  if (connection.saveData) return false;
  return !/(^|-)2g$/.test(connection.effectiveType ?? '');
}

/**
 * Whether the connection is known to be fast (effective type 4g, no data saving), so content
 * chunks may be loaded in idle time before the visitor shows any interest in a link. Unknown
 * connections are not taken to be fast.
 */
export function isFastConnection(nav: Navigator | undefined = currentNavigator()): boolean {
  const connection = connectionOf(nav);
  return connection?.effectiveType === '4g' && !connection.saveData;
}
