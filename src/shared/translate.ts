/**
 * The words of the locale a page is built in, as Docusaurus's `translate` gives them: a message
 * by its id (or its text, for a message without one), else its default text, with `{name}`
 * placeholders filled. The runtime sets the messages once, from the site data (`setTranslations`):
 * only the locale's own words reach a page.
 *
 * Content rendered at build time by the fast path is made once for every locale: the theme's
 * words in it are marks (`markTranslations`) that the page's locale resolves where the content
 * is shown (`resolveMarkedWords`).
 */

/**
 * The locale's messages, held by the global object: every copy of this module (the runtime's, a
 * server file's, a lazily loaded module's) reads the ones the runtime set.
 */
interface TranslationStore {
  messages: Readonly<Record<string, string>>;
  locale: string;
}
const STORE_KEY = '__sipa_translations';
const store = ((globalThis as { [STORE_KEY]?: TranslationStore })[STORE_KEY] ??= { messages: {}, locale: 'en' });
let marking = false;

/** The messages of the locale pages are rendered in (the site data's `translations`) and its language. */
export function setTranslations(given: Readonly<Record<string, string>> | undefined, language = 'en'): void {
  store.messages = given ?? {};
  store.locale = language;
}

/**
 * From now on, `translate` gives marks instead of words (see resolveMarkedWords): the fast path's
 * renderer of the theme's markup, whose output serves every locale.
 */
export function markTranslations(): void {
  marking = true;
}

export interface TranslateMessage {
  message: string;
  id?: string;
  description?: string;
}

/** Values put into `{name}` placeholders. */
export type MessageValues = Readonly<Record<string, string | number>>;

// Private-use characters that React and the markup writers leave as they are.
const MARK_START = '\uE010';
const MARK_PART = '\uE011';
const MARK_VALUE = '\uE013';
const MARK_NEXT = '\uE014';
const MARK_END = '\uE012';
const MARKED = /\uE010([^\uE011\uE012]*)\uE011([^\uE011\uE012]*)\uE011([^\uE012]*)\uE012/g;

/** The message in the page's locale, its placeholders filled. */
export function translate({ message, id }: TranslateMessage, values?: MessageValues): string {
  if (marking) {
    const written = Object.entries(values ?? {}).map(([name, value]) => `${name}${MARK_VALUE}${value}`);
    return `${MARK_START}${id ?? ''}${MARK_PART}${message}${MARK_PART}${written.join(MARK_NEXT)}${MARK_END}`;
  }
  return interpolateText(store.messages[id ?? message] ?? message, values);
}

/** `{name}` placeholders replaced by their values; one without a value stays as written. */
export function interpolateText(text: string, values?: MessageValues): string {
  if (!values) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : whole));
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };
const unescapeHtml = (text: string) => text.replace(/&(amp|lt|gt|quot|#x27);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'" })[name]!);

/**
 * HTML with the marks of `translate` (written, escaped, by React or another HTML writer) replaced by
 * the words of the page's locale, escaped as React escapes text. Values in a mark are already
 * escaped; the message around them is escaped here.
 */
export function resolveMarkedWords(html: string): string {
  if (!html.includes(MARK_START)) return html;
  return html.replace(MARKED, (_, id: string, escapedMessage: string, written: string) => {
    const values = new Map(written ? written.split(MARK_NEXT).map((pair) => pair.split(MARK_VALUE) as [string, string]) : []);
    const template = store.messages[id || unescapeHtml(escapedMessage)] ?? unescapeHtml(escapedMessage);
    return template
      .split(/(\{\w+\})/)
      .map((part) => {
        const name = /^\{(\w+)\}$/.exec(part)?.[1];
        return name !== undefined && values.has(name) ? values.get(name)! : escapeHtml(part);
      })
      .join('');
  });
}

/**
 * Docusaurus's plural messages: forms separated by "|", in the order of the locale's plural
 * categories (zero, one, two, few, many, other, those the language has). A message with one form
 * serves every count.
 */
export function selectPlural(text: string, count: number, language = store.locale): string {
  const forms = text.split('|');
  if (forms.length === 1) return text;
  let rules: Intl.PluralRules;
  try {
    rules = new Intl.PluralRules(language);
  } catch {
    rules = new Intl.PluralRules('en');
  }
  const order = ['zero', 'one', 'two', 'few', 'many', 'other'];
  const categories = rules.resolvedOptions().pluralCategories.slice().sort((a, b) => order.indexOf(a) - order.indexOf(b));
  const index = categories.indexOf(rules.select(count));
  return (forms[index] ?? forms[forms.length - 1])!.trim();
}

/** The language the page is rendered in (for plurals and numbers). */
export function translationLocale(): string {
  return store.locale;
}
