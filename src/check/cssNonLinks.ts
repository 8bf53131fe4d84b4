/**
 * What a crawler that reads `url(...)` in CSS with a regular expression (linkinator does) takes
 * for links although CSS does not: the `url(...)` written inside a data URI (an SVG's
 * `clip-path='url(#clip0)'`, or `url(%23clip0)` once encoded) and references to a fragment of the
 * same document (`mask: url(#m)`, which names an SVG element, not a page). check-links skips
 * the links those values resolve to.
 */

/** The values to skip, as written. */
export interface CssNonLinks {
  /** Values found inside data URIs (relative, absolute or fragments). */
  inDataUris: Set<string>;
  /** `url(#x)` values of the CSS itself: "#x". */
  fragments: Set<string>;
}

export function emptyCssNonLinks(): CssNonLinks {
  return { inDataUris: new Set(), fragments: new Set() };
}

/** The url() of a regex reader: what it takes between `url(` and the first quote or `)`. */
const NAIVE_URL = /url\(\s*['"]?([^'")]+)['"]?\s*\)/gi;

/** Adds what one style sheet's text holds to `into`. */
export function collectCssNonLinks(css: string, into: CssNonLinks = emptyCssNonLinks()): CssNonLinks {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const lower = text.toLowerCase();
  for (let at = lower.indexOf('url('); at !== -1; at = lower.indexOf('url(', at + 4)) {
    const argument = readUrlArgument(text, at + 4);
    const value = argument.value.trim();
    if (/^data:/i.test(value)) {
      for (const match of value.matchAll(NAIVE_URL)) into.inDataUris.add(match[1]!.trim());
      // What follows is read by CSS, not the inside of the data URI.
      at = argument.end - 4;
    } else if (value.startsWith('#')) {
      into.fragments.add(value);
    }
  }
  return into;
}

/** The argument of a CSS `url(` that starts at `from`: quoted (escapes kept) or bare up to `)`. */
function readUrlArgument(text: string, from: number): { value: string; end: number } {
  let i = from;
  while (/\s/.test(text[i] ?? '')) i++;
  const quote = text[i];
  if (quote === '"' || quote === "'") {
    let j = i + 1;
    while (j < text.length && text[j] !== quote) j += text[j] === '\\' ? 2 : 1;
    return { value: text.slice(i + 1, j), end: j + 1 };
  }
  const close = text.indexOf(')', i);
  const end = close === -1 ? text.length : close;
  return { value: text.slice(i, end), end: end + 1 };
}

/**
 * True when `link` (an absolute URL a crawler resolved) is what one of the values resolves to:
 * a fragment value is the page or style sheet itself with that fragment; a relative value ends
 * the path; an absolute path is the path.
 */
export function isCssNonLink(link: string, skip: CssNonLinks): boolean {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return false;
  }
  if (url.hash && skip.fragments.has(url.hash)) return true;
  for (const value of skip.inDataUris) {
    if (value.startsWith('#')) {
      if (url.hash === value) return true;
      continue;
    }
    const [valuePath] = value.split('#');
    if (!valuePath || /^[a-z][a-z\d+.-]*:/i.test(valuePath) || valuePath.startsWith('//')) continue;
    if (valuePath.startsWith('/') ? url.pathname === valuePath : url.pathname.endsWith(`/${valuePath.replace(/^(\.\.?\/)+/, '')}`)) return true;
  }
  return false;
}
