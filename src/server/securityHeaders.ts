import { createHash } from 'node:crypto';

/**
 * The HTTP headers a built site is served with: by `sipadocs serve`, and by static hosts that read
 * a `_headers` file (Netlify, Cloudflare Pages), which the build writes. The Content-Security-Policy
 * lets scripts come only from the site's own files and the inline scripts the build emitted
 * (allowed one by one by their SHA-256 hash), so an injected script cannot run.
 */
export const HEADERS_FILE = '_headers';

/** Sent with every response, whatever the site. */
export const BASE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

/** An inline script's CSP source expression: 'sha256-<base64 digest of its exact text>'. */
export function scriptHash(code: string): string {
  return `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`;
}

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
/** Script types a browser runs; any other type (application/json, application/ld+json) is data. */
const RUNNABLE_TYPE = /^(|module|(text|application)\/(java|ecma)script)$/i;

/** The inline scripts of an HTML fragment that a browser would run (those without `src`, not data). */
export function inlineScriptsIn(html: string): string[] {
  if (!html.includes('<script')) return [];
  const scripts: string[] = [];
  for (const [, attributes, code] of html.matchAll(SCRIPT)) {
    if (/\ssrc\s*=/i.test(` ${attributes}`)) continue;
    const type = /\stype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(` ${attributes}`);
    if (type && !RUNNABLE_TYPE.test((type[1] ?? type[2] ?? type[3] ?? '').trim())) continue;
    scripts.push(code!);
  }
  return scripts;
}

/**
 * True when an HTML fragment has an inline event-handler attribute (`onclick="…"`), which a
 * hash-based policy blocks. React never renders one; raw HTML in content can.
 */
export function hasInlineHandler(html: string): boolean {
  return /<[a-z][^>]*\son[a-z]+\s*=/i.test(html);
}

/** Sources a policy adds to its directives, by directive name ("connect-src": ["https://x.example"]). */
export type PolicySources = Record<string, string[]>;

/**
 * The policy of a site whose inline scripts have these hashes. Styles may be inline: the theme's
 * stylesheet is inlined in every page and components set style attributes, which hashes cannot
 * allow one by one, and a style cannot run code. Images, media and frames may come from any https
 * address, as content shows pictures and videos hosted elsewhere; nothing else leaves the site.
 * `sources` widen it: what the site's head tags load (see headTagSources) and what the site's own
 * `_headers` allows on purpose (see sitePolicy.ts), each source added to its directive.
 */
export function contentSecurityPolicy(scriptHashes: Iterable<string>, options: { webAssembly?: boolean; sources?: PolicySources[] } = {}): string {
  // The search runtime compiles WebAssembly: 'wasm-unsafe-eval' allows that and no JavaScript eval.
  const wasm = options.webAssembly ? ["'wasm-unsafe-eval'"] : [];
  const directives = new Map<string, string[]>([
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...wasm, ...[...new Set(scriptHashes)].sort()]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'https:']],
    ['media-src', ["'self'", 'https:']],
    ['frame-src', ["'self'", 'https:']],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
  ]);
  for (const sources of options.sources ?? []) {
    for (const [name, added] of Object.entries(sources)) {
      const known = directives.get(name) ?? [];
      // 'none' allows nothing: a source added replaces it.
      const base = known.length === 1 && known[0] === "'none'" && added.length > 0 ? [] : known;
      directives.set(name, [...base, ...added.filter((source) => !base.includes(source))]);
    }
  }
  return [...directives].map(([name, list]) => [name, ...list].join(' ')).join('; ');
}

/** A `_headers` file giving every path of the site the security headers with this policy. */
export function headersFileText(policy: string): string {
  const headers = { 'Content-Security-Policy': policy, ...BASE_SECURITY_HEADERS };
  return `# Written by sipadocs: the headers every page of this site is served with.\n/*\n${Object.entries(headers)
    .map(([name, value]) => `  ${name}: ${value}\n`)
    .join('')}`;
}
