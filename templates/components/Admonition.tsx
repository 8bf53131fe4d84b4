import type { ReactNode } from 'react';
import { translate } from '../../src/shared/translate.js';

/** Each type's label, and the type whose look it takes: Docusaurus's `secondary` and `success` look like a note and a tip. */
const TYPES: Record<string, { label: () => string; look: string }> = {
  note: { label: () => translate({ id: 'theme.admonition.note', message: 'Note' }), look: 'note' },
  tip: { label: () => translate({ id: 'theme.admonition.tip', message: 'Tip' }), look: 'tip' },
  info: { label: () => translate({ id: 'theme.admonition.info', message: 'Info' }), look: 'info' },
  important: { label: () => translate({ id: 'sipadocs.admonition.important', message: 'Important' }), look: 'important' },
  warning: { label: () => translate({ id: 'theme.admonition.warning', message: 'Warning' }), look: 'warning' },
  caution: { label: () => translate({ id: 'theme.admonition.caution', message: 'Caution' }), look: 'caution' },
  danger: { label: () => translate({ id: 'theme.admonition.danger', message: 'Danger' }), look: 'danger' },
  success: { label: () => translate({ id: 'sipadocs.admonition.success', message: 'Success' }), look: 'tip' },
  secondary: { label: () => translate({ id: 'sipadocs.admonition.secondary', message: 'Secondary' }), look: 'note' },
};

export interface AdmonitionProps {
  type?: string;
  title?: string;
  children?: ReactNode;
}

/**
 * A callout box of one of Docusaurus's types (note, tip, info, important, warning, caution,
 * danger; success and secondary look like tip and note), each with its icon (drawn by the theme's
 * style sheet, by the class of its look), colour and label,
 * or the title the content gives. An unknown type looks like a note. The box carries the class
 * `admonition--<type>` of its look, then of its type when that differs (`admonition--tip
 * admonition--success`).
 */
export default function Admonition({ type = 'note', title, children }: AdmonitionProps) {
  const known = TYPES[type];
  const look = known?.look ?? 'note';
  const kind = known ? type : 'note';
  return (
    <div className={`admonition admonition--${look}${look === kind ? '' : ` admonition--${kind}`}`} role="note">
      <div className="admonition__heading">
        <span className="admonition__icon" aria-hidden="true" />
        <span>{title ?? (known ?? TYPES.note!).label()}</span>
      </div>
      <div className="admonition__body">{children}</div>
    </div>
  );
}
