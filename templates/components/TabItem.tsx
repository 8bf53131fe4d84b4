import type { ReactNode } from 'react';

export interface TabItemProps {
  value: string;
  label?: string;
  default?: boolean;
  children?: ReactNode;
  /** Class of the panel, as Docusaurus's. */
  className?: string;
}

/**
 * One panel of a <Tabs> group: its content. <Tabs> reads each item's `value`, `label` and
 * `default`, and renders the item in its panel, so a site's replacement (`src/theme/TabItem`) is
 * what draws the content, as in Docusaurus.
 */
export default function TabItem({ children, className }: TabItemProps) {
  return className ? <div className={className}>{children}</div> : <>{children}</>;
}
