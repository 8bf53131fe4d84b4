import { isValidElement, type HTMLAttributes, type ReactNode } from 'react';
import { translate } from '../../src/shared/translate.js';

export type HeadingType = 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6';

export interface HeadingProps extends HTMLAttributes<HTMLHeadingElement> {
  /** The heading element to render. */
  as: HeadingType;
}

/**
 * A heading. Below h1, one with an id ends with a "#" link to itself, shown on hover and on
 * keyboard focus (CSS only), named "Direct link to <text>" for screen readers; the "#" is drawn
 * by CSS, so it is no part of the heading's text, of a copied selection or of the table of
 * contents (built from the source at compile time).
 */
export default function Heading({ as: As, id, children, ...rest }: HeadingProps) {
  if (As === 'h1' || !id) {
    return (
      <As id={id} {...rest}>
        {children}
      </As>
    );
  }
  return (
    <As id={id} {...rest}>
      {children}
      <a className="hash-link" href={`#${id}`} aria-label={translate({ id: 'theme.common.headingLinkTitle', message: 'Direct link to {heading}' }, { heading: plainText(children).trim() })} />
    </As>
  );
}

/** The text of rendered children (strings, numbers and the children of elements such as <code>). */
function plainText(node: ReactNode): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(plainText).join('');
  if (isValidElement<{ children?: ReactNode }>(node)) return plainText(node.props.children);
  return '';
}
