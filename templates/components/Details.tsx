import type { ReactNode } from 'react';

export interface DetailsProps {
  summary?: ReactNode;
  children?: ReactNode;
  open?: boolean;
}

/** A collapsible section; also used for plain <details> in MDX. */
export default function Details({ summary, children, open }: DetailsProps) {
  return (
    <details className="details" open={open}>
      {summary !== undefined ? <summary>{summary}</summary> : null}
      <div className="details__body">{children}</div>
    </details>
  );
}
