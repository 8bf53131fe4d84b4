import type { HeadTag, UserConfig } from './types.js';
import type { ValidationIssue } from './validate.js';

/** The tags a site may add to every page's head; `title` and `base` belong to the theme and the router. */
export const HEAD_TAG_NAMES = ['meta', 'link', 'script', 'style', 'noscript'] as const;
/** Tags without content or end tag. */
const VOID_TAGS = new Set(['meta', 'link']);
const ATTRIBUTE_NAME = /^[A-Za-z_:][-A-Za-z0-9_:.]*$/;

type HeadSettingsSource = Pick<UserConfig, 'headTags' | 'stylesheets' | 'scripts'>;

/**
 * What the schema cannot say of `headTags`, `stylesheets` and `scripts`: each entry's shape (a
 * URL, or an object of attributes), known tag names, attribute names and values, no inline event
 * handler (the site's Content-Security-Policy would block it), content only where a tag has some.
 */
export function headSettingIssues(config: unknown): ValidationIssue[] {
  const source = (config ?? {}) as Record<string, unknown>;
  const issues: ValidationIssue[] = [];
  const report = (path: string, message: string) => issues.push({ path, message: `${path} ${message}` });
  const checkAttributes = (path: string, attributes: Record<string, unknown>) => {
    for (const [name, value] of Object.entries(attributes)) {
      if (!ATTRIBUTE_NAME.test(name)) report(`${path}.${name}`, 'is not an attribute name');
      else if (/^on/i.test(name)) report(`${path}.${name}`, 'is an inline event handler, which the site\'s Content-Security-Policy blocks; add a script that attaches the handler instead');
      else if (typeof value !== 'string' && typeof value !== 'boolean') report(`${path}.${name}`, `must be a string or a boolean, got ${describe(value)}`);
    }
  };
  const list = (key: 'headTags' | 'stylesheets' | 'scripts') => (Array.isArray(source[key]) ? (source[key] as unknown[]) : []);

  list('headTags').forEach((entry, i) => {
    const path = `headTags.${i}`;
    if (!isRecord(entry)) return report(path, `must be an object { tagName, attributes, innerHTML }, got ${describe(entry)}`);
    for (const key of Object.keys(entry)) {
      if (!['tagName', 'attributes', 'innerHTML'].includes(key)) report(`${path}.${key}`, 'is not a key of a head tag (tagName, attributes, innerHTML)');
    }
    const { tagName, attributes, innerHTML } = entry;
    if (typeof tagName !== 'string' || !(HEAD_TAG_NAMES as readonly string[]).includes(tagName.toLowerCase())) {
      report(`${path}.tagName`, `must be one of ${HEAD_TAG_NAMES.join(', ')}, got ${JSON.stringify(tagName)}`);
      return;
    }
    if (attributes !== undefined) {
      if (isRecord(attributes)) checkAttributes(`${path}.attributes`, attributes);
      else report(`${path}.attributes`, `must be an object, got ${describe(attributes)}`);
    }
    if (innerHTML !== undefined) {
      const tag = tagName.toLowerCase();
      if (typeof innerHTML !== 'string') report(`${path}.innerHTML`, `must be a string, got ${describe(innerHTML)}`);
      else if (VOID_TAGS.has(tag)) report(`${path}.innerHTML`, `is not allowed: a <${tag}> holds nothing`);
      else if (new RegExp(`</${tag}`, 'i').test(innerHTML)) report(`${path}.innerHTML`, `must not hold "</${tag}", which would end the element early`);
    }
  });

  const urlEntries = (key: 'stylesheets' | 'scripts', urlKey: 'href' | 'src') =>
    list(key).forEach((entry, i) => {
      const path = `${key}.${i}`;
      if (typeof entry === 'string') {
        if (!entry.trim()) report(path, 'must not be empty');
        return;
      }
      if (!isRecord(entry)) return report(path, `must be a URL or an object with \`${urlKey}\`, got ${describe(entry)}`);
      if (typeof entry[urlKey] !== 'string' || !(entry[urlKey] as string).trim()) report(`${path}.${urlKey}`, 'is required: the URL to load');
      checkAttributes(path, entry);
    });
  urlEntries('stylesheets', 'href');
  urlEntries('scripts', 'src');
  return issues;
}

/** The site's head tags in the order they are written: `headTags`, then `stylesheets`, then `scripts`. */
export function headTagsOf(config: HeadSettingsSource): HeadTag[] {
  const tags: HeadTag[] = (config.headTags ?? []).map((tag) => ({
    tagName: tag.tagName.toLowerCase(),
    attributes: { ...tag.attributes },
    ...(tag.innerHTML !== undefined ? { innerHTML: tag.innerHTML } : {}),
  }));
  for (const sheet of config.stylesheets ?? []) {
    tags.push({ tagName: 'link', attributes: { rel: 'stylesheet', ...(typeof sheet === 'string' ? { href: sheet } : sheet) } });
  }
  for (const script of config.scripts ?? []) {
    tags.push({ tagName: 'script', attributes: typeof script === 'string' ? { src: script } : { ...script } });
  }
  return tags;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const describe = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);
