import type { ReactNode } from 'react';

/** Each type's label, and the type whose look it takes: Docusaurus's `secondary` and `success` look like a note and a tip. */
const TYPES: Record<string, { label: string; look: string }> = {
  note: { label: 'Note', look: 'note' },
  tip: { label: 'Tip', look: 'tip' },
  info: { label: 'Info', look: 'info' },
  important: { label: 'Important', look: 'important' },
  warning: { label: 'Warning', look: 'warning' },
  caution: { label: 'Caution', look: 'caution' },
  danger: { label: 'Danger', look: 'danger' },
  success: { label: 'Success', look: 'tip' },
  secondary: { label: 'Secondary', look: 'note' },
};

/** One icon per look, drawn with strokes on a 20×20 grid. */
const ICONS: Record<string, ReactNode> = {
  note: <path d="M4 3h9l3 3v11H4z M7 8h6 M7 11h6 M7 14h4" />,
  tip: <path d="M10 2a5 5 0 0 0-3 9v2h6v-2a5 5 0 0 0-3-9z M8 16h4 M9 18h2" />,
  info: <path d="M10 2a8 8 0 1 0 0 16a8 8 0 0 0 0-16z M10 9v5 M10 6v.5" />,
  important: <path d="M3 3h14v10H9l-4 4v-4H3z M10 5.5v4 M10 11.5v.5" />,
  warning: <path d="M10 2l8 15H2z M10 8v4 M10 14v.5" />,
  caution: <path d="M10 2l7 3v5c0 4-3 7-7 8c-4-1-7-4-7-8V5z M10 6v5 M10 13.5v.5" />,
  danger: <path d="M6 2h8l4 4v8l-4 4H6l-4-4V6z M10 6v5 M10 13.5v.5" />,
};

export interface AdmonitionProps {
  type?: string;
  title?: string;
  children?: ReactNode;
}

/**
 * A callout box of one of Docusaurus's types (note, tip, info, important, warning, caution,
 * danger; success and secondary look like tip and note), each with its icon, colour and label,
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
        <svg className="admonition__icon" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
          {ICONS[look]}
        </svg>
        <span>{title ?? known?.label ?? 'Note'}</span>
      </div>
      <div className="admonition__body">{children}</div>
    </div>
  );
}
