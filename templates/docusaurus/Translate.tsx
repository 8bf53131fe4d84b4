import type { ReactNode } from 'react';
import { translate as translateMessage, type TranslateMessage } from '../../src/shared/translate.js';
import { interpolate, type InterpolateValues } from './Interpolate.js';

/** A message to translate: its default text, with `{name}` placeholders for `values`, and its id in the site's `code.json`. */
export type TranslateParam = TranslateMessage;

/**
 * `translate` of `@docusaurus/Translate`: the message in the page's locale (the site's
 * `i18n/<locale>/code.json`, or the theme's own translations), by its id, or by its text when
 * it has none; else its default text. The values go into its placeholders.
 */
export function translate(param: TranslateParam, values?: Record<string, string | number>): string {
  return translateMessage(param, values);
}

export interface TranslateProps {
  children: string;
  id?: string;
  description?: string;
  values?: InterpolateValues;
}

/** `@docusaurus/Translate`: its message (the text child is the default) in the page's locale, with the values put into its placeholders. */
export default function Translate({ children, id, values }: TranslateProps): ReactNode {
  if (typeof children !== 'string') return <>{children}</>;
  // Elements among the values are put in by Interpolate; the text is the locale's.
  return <>{interpolate(translateMessage({ message: children, id }), values)}</>;
}
