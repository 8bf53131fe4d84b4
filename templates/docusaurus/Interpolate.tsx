import { Fragment, isValidElement, type ReactNode } from 'react';

/** Values put into `{name}` placeholders: text, or React elements (`<Interpolate>` only). */
export type InterpolateValues = Record<string, ReactNode>;

const PLACEHOLDER = /\{(\w+)\}/g;

/**
 * `interpolate` of `@docusaurus/Interpolate`: the text with each `{name}` replaced by its value.
 * With elements among the values, the result is a list of nodes; else a string. A placeholder
 * without a value stays as written.
 */
export function interpolate(text: string, values?: Record<string, string | number>): string;
export function interpolate(text: string, values?: InterpolateValues): ReactNode;
export function interpolate(text: string, values?: InterpolateValues): ReactNode {
  if (!values) return text;
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    const name = match[1]!;
    if (!(name in values)) continue;
    parts.push(text.slice(last, match.index), values[name]);
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  // A value that is an element or a list of nodes (another `interpolate`'s) makes a list of nodes.
  if (parts.every((part) => !isValidElement(part) && !Array.isArray(part))) return parts.map((part) => (part === null || part === undefined || part === false ? '' : String(part))).join('');
  return parts.map((part, i) => <Fragment key={i}>{part}</Fragment>);
}

/** `@docusaurus/Interpolate`: its text child with the `values` put into its `{name}` placeholders. */
export default function Interpolate({ children, values }: { children: string; values?: InterpolateValues }) {
  return <>{interpolate(children, values)}</>;
}
