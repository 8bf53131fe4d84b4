import type { HTMLAttributes } from 'react';

/** `@theme/CodeInline`: code in a line of text, as markdown's `code` spans are drawn. */
export default function CodeInline(props: HTMLAttributes<HTMLElement>) {
  return <code {...props} />;
}
