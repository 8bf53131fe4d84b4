import type { ReactNode } from 'react';

export interface TabItemProps {
  value: string;
  label?: string;
  default?: boolean;
  children?: ReactNode;
  /** Set by <Tabs>. */
  hidden?: boolean;
}

/** One panel of a <Tabs> group. */
export default function TabItem({ children, hidden }: TabItemProps) {
  return <div hidden={hidden}>{children}</div>;
}
