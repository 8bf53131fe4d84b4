import type { ReactNode } from 'react';

const LABELS: Record<string, string> = {
  note: 'Note', tip: 'Tip', info: 'Info', caution: 'Caution', danger: 'Danger', warning: 'Warning', important: 'Important', success: 'Success', secondary: 'Note',
};

const ICONS: Record<string, ReactNode> = {
  note: <path d="M4 3h9l3 3v11H4z M7 8h6 M7 11h6 M7 14h4" />,
  tip: <path d="M10 2a5 5 0 0 0-3 9v2h6v-2a5 5 0 0 0-3-9z M8 16h4 M9 18h2" />,
  info: <path d="M10 2a8 8 0 1 0 0 16a8 8 0 0 0 0-16z M10 9v5 M10 6v.5" />,
  caution: <path d="M10 2l8 15H2z M10 8v4 M10 14v.5" />,
  danger: <path d="M6 2h8l4 4v8l-4 4H6l-4-4V6z M10 6v5 M10 13.5v.5" />,
};

export interface AdmonitionProps {
  type?: string;
  title?: string;
  children?: ReactNode;
}

/** A callout box (note, tip, info, caution, danger) with an icon and an optional title. */
export default function Admonition({ type = 'note', title, children }: AdmonitionProps) {
  const kind = type === 'warning' ? 'caution' : type in ICONS ? type : 'note';
  return (
    <div className={`admonition admonition--${kind}`} role="note">
      <div className="admonition__heading">
        <svg className="admonition__icon" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
          {ICONS[kind]}
        </svg>
        <span>{title ?? LABELS[type] ?? 'Note'}</span>
      </div>
      <div className="admonition__body">{children}</div>
    </div>
  );
}
