import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { HEADERS_FILE } from './securityHeaders.js';

/** One block of a `_headers` file: a path pattern and the headers of the paths it matches. */
export interface HeaderRule {
  pattern: RegExp;
  headers: Array<[name: string, value: string]>;
}

/**
 * Reads a `_headers` file as Netlify and Cloudflare Pages do: a line starting with `/` opens a
 * rule for that path pattern (`*` matches anything, `:name` one path segment), the indented
 * `Name: value` lines under it are its headers, and `#` starts a comment.
 */
export function parseHeaderRules(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (!trimmed || trimmed.startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ pattern: pathPattern(trimmed), headers: [] });
      continue;
    }
    const colon = trimmed.indexOf(':');
    if (colon > 0 && rules.length > 0) rules.at(-1)!.headers.push([trimmed.slice(0, colon).trim(), trimmed.slice(colon + 1).trim()]);
  }
  return rules;
}

function pathPattern(pattern: string): RegExp {
  if (!pattern.startsWith('/')) return /(?!)/; // a full URL: it names another host
  const source = pattern
    .split(/(\*|:[A-Za-z]\w*)/)
    .map((part) => (part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`);
}

/** The headers of every rule matching a request path; a header set by several rules gets their values joined by ", ". */
export function headersFor(rules: HeaderRule[], urlPath: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const rule of rules) {
    if (!rule.pattern.test(urlPath)) continue;
    for (const [name, value] of rule.headers) {
      const known = Object.keys(headers).find((key) => key.toLowerCase() === name.toLowerCase());
      if (known) headers[known] = `${headers[known]}, ${value}`;
      else headers[name] = value;
    }
  }
  return headers;
}

/** The rules of a served folder's `_headers` file, read again only when it changes. */
export function createHeaderRules(root: string): () => Promise<HeaderRule[]> {
  const file = path.join(root, HEADERS_FILE);
  let cached: { stamp: string; rules: HeaderRule[] } = { stamp: 'none', rules: [] };
  return async () => {
    const info = await stat(file).catch(() => null);
    const stamp = info ? `${info.size}-${info.mtimeMs}-${info.ino}` : 'none';
    if (stamp !== cached.stamp) {
      const text = info ? await readFile(file, 'utf8').catch(() => '') : '';
      cached = { stamp, rules: parseHeaderRules(text) };
    }
    return cached.rules;
  };
}
