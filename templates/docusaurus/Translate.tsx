import type { ReactNode } from 'react';
import { interpolate, type InterpolateValues } from './Interpolate.js';

/** A message to translate: its default text, with `{name}` placeholders for `values`. */
export interface TranslateParam {
  message: string;
  id?: string;
  description?: string;
}

/**
 * `translate` of `@docusaurus/Translate`: a site has one locale, so the message is its default
 * text, with the values put into its placeholders.
 */
export function translate({ message }: TranslateParam, values?: Record<string, string | number>): string {
  return interpolate(message, values);
}

export interface TranslateProps {
  children: string;
  id?: string;
  description?: string;
  values?: InterpolateValues;
}

/** `@docusaurus/Translate`: its default message (the text child), with the values put into its placeholders. */
export default function Translate({ children, values }: TranslateProps): ReactNode {
  return <>{typeof children === 'string' ? interpolate(children, values) : children}</>;
}
