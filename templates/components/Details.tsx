import type { DetailsHTMLAttributes, ReactNode } from 'react';
import { translate } from '../../src/shared/translate.js';

export interface DetailsProps extends Omit<DetailsHTMLAttributes<HTMLElement>, 'children'> {
  /** The line that opens and closes the section; "Details" when there is none, as in Docusaurus. */
  summary?: ReactNode;
  children?: ReactNode;
}

/**
 * A collapsible section; also used for `<details>` written in markdown or MDX, whose class names,
 * `open`, id and other attributes it keeps. It is the browser's own disclosure widget, so the
 * summary opens and closes it with the mouse, Enter or Space, with no script; the theme's style
 * sheet animates the opening where the browser can animate to a height of `auto`.
 */
export default function Details({ summary, children, className, ...attributes }: DetailsProps) {
  return (
    <details className={className ? `details ${className}` : 'details'} {...attributes}>
      <summary>{summary ?? translate({ id: 'sipadocs.details.summary', message: 'Details' })}</summary>
      <div className="details__body">{children}</div>
    </details>
  );
}
