import type { ReactNode } from 'react';

export interface DetailsProps {
  summary?: ReactNode;
  children?: ReactNode;
  open?: boolean;
  id?: string;
}

/** A collapsible section; also used for <details> in markdown files. */
export default function Details({ summary, children, open, id }: DetailsProps) {
  return (
    <details className="details" open={open} id={id}>
      {summary !== undefined ? <summary>{summary}</summary> : null}
      <div className="details__body">{children}</div>
    </details>
  );
}
