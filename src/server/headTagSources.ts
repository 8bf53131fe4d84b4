import type { HeadTag } from '../config/types.js';
import type { PolicySources } from './securityHeaders.js';

/**
 * What the site's head tags load from other origins, as policy sources: a script's origin in
 * `script-src`, and in `connect-src` too (a script from elsewhere, an analytics one above all,
 * sends what it measures back to its origin, which a policy allowing only the site's own would
 * block), a style sheet's in `style-src`, a preloaded file's in the directive of its kind, a
 * manifest's in `manifest-src`. A URL of the site itself (relative, or a path) needs nothing;
 * inline scripts are allowed by their hashes elsewhere. What a loaded script fetches from other
 * origins still cannot be known from here: the site's own `_headers` adds that (see sitePolicy.ts).
 */
export function headTagSources(tags: readonly HeadTag[]): PolicySources {
  const sources: PolicySources = {};
  const add = (directive: string, url: unknown) => {
    const origin = originOf(url);
    if (!origin) return;
    const list = (sources[directive] ??= []);
    if (!list.includes(origin)) list.push(origin);
  };
  for (const { tagName, attributes = {} } of tags) {
    if (tagName === 'script') {
      add('script-src', attributes.src);
      add('connect-src', attributes.src);
    }
    if (tagName !== 'link') continue;
    const rel = String(attributes.rel ?? '').toLowerCase().split(/\s+/);
    if (rel.includes('stylesheet')) add('style-src', attributes.href);
    if (rel.includes('manifest')) add('manifest-src', attributes.href);
    if (rel.includes('modulepreload')) add('script-src', attributes.href);
    if (rel.includes('preload')) {
      const directive = PRELOAD_DIRECTIVES[String(attributes.as ?? '').toLowerCase()];
      if (directive) add(directive, attributes.href);
    }
  }
  return sources;
}

/** The directive a `<link rel="preload" as="…">` is checked against. */
const PRELOAD_DIRECTIVES: Record<string, string> = {
  script: 'script-src',
  style: 'style-src',
  font: 'font-src',
  fetch: 'connect-src',
  image: 'img-src',
};

/** The origin of an absolute http(s) URL ("https://cdn.example:8443"), the host of a protocol-relative one, else null. */
function originOf(url: unknown): string | null {
  if (typeof url !== 'string') return null;
  const absolute = url.startsWith('//') ? `https:${url}` : url;
  if (!/^https?:\/\//i.test(absolute)) return null;
  try {
    const parsed = new URL(absolute);
    // Without a scheme, the source matches the page's own.
    return url.startsWith('//') ? parsed.host : parsed.origin;
  } catch {
    return null;
  }
}
