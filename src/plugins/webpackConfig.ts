/**
 * What sipadocs reads of a plugin's `configureWebpack` result: `resolve.alias` (an import name
 * and the path it stands for), which esbuild resolves the same way. Every other key that is set
 * is named, for a warning: its intent (loaders, webpack plugins, dev-server settings) does not map.
 */
export function webpackAliases(result: unknown): { aliases: Record<string, string>; ignored: string[] } {
  const aliases: Record<string, string> = {};
  const ignored: string[] = [];
  if (result === null || typeof result !== 'object') return { aliases, ignored };
  for (const [key, value] of Object.entries(result as Record<string, unknown>)) {
    if (isEmpty(value)) continue;
    if (key !== 'resolve') {
      ignored.push(key);
      continue;
    }
    for (const [resolveKey, resolveValue] of Object.entries(value as Record<string, unknown>)) {
      if (isEmpty(resolveValue)) continue;
      if (resolveKey !== 'alias') {
        ignored.push(`resolve.${resolveKey}`);
        continue;
      }
      // An alias list ([{ name, alias }]) or an object; `false` (ignore a module) has no esbuild counterpart.
      const entries = Array.isArray(resolveValue) ? resolveValue.map((item: { name?: unknown; alias?: unknown }) => [item.name, item.alias] as const) : Object.entries(resolveValue as Record<string, unknown>);
      for (const [name, target] of entries) {
        if (typeof name === 'string' && typeof target === 'string') aliases[name.replace(/\$$/, '')] = target;
        else ignored.push(`resolve.alias.${String(name)}`);
      }
    }
  }
  return { aliases, ignored };
}

/** An empty list or object, which asks for nothing. */
function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (Array.isArray(value)) return value.length === 0;
  return typeof value === 'object' && Object.keys(value).length === 0;
}
