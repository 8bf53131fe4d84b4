import type { AnchorHTMLAttributes, ComponentType, HTMLAttributes, ReactNode, TableHTMLAttributes } from 'react';
import { UrlLink } from '../src/client/navigation.js';
import type { ThemeComponentName } from '../src/shared/themeComponents.js';
import Admonition from './components/Admonition.js';
import CodeBlock from './components/CodeBlock.js';
import Details, { type DetailsProps } from './components/Details.js';
import Heading from './components/Heading.js';
import Mermaid from './components/Mermaid.js';
import TabItem from './components/TabItem.js';
import Tabs from './components/Tabs.js';
import { translate } from '../src/shared/translate.js';

function MdxDetails({ children, ...rest }: Omit<DetailsProps, 'summary'>) {
  // <details><summary>…</summary>…</details> in markdown: pull the summary out of the children.
  const list = Array.isArray(children) ? children : [children];
  const summaryIndex = list.findIndex((c) => (c as { type?: unknown })?.type === 'summary');
  const summary = summaryIndex >= 0 ? (list[summaryIndex] as { props: { children: ReactNode } }).props.children : undefined;
  return (
    <Details summary={summary} {...rest}>
      {list.filter((_, i) => i !== summaryIndex)}
    </Details>
  );
}

/** Wide tables scroll inside a focusable box, so keyboard users can scroll them too. */
function MdxTable(props: TableHTMLAttributes<HTMLTableElement>) {
  return (
    <div className="table-scroll" tabIndex={0} role="group" aria-label={translate({ id: 'sipadocs.table.ariaLabel', message: 'Table' })}>
      <table {...props} />
    </div>
  );
}

type HeadingAttributes = HTMLAttributes<HTMLHeadingElement>;

/** The components of THEME_COMPONENT_NAMES: a name missing here or one too many fails the type check. */
// `any` props: each component has props of its own.
const themeComponents: Record<ThemeComponentName, ComponentType<any>> = { Admonition, CodeBlock, Details, Mermaid, TabItem, Tabs };

/** Components every MDX page can use without importing them. */
export const mdxComponents = {
  // An anchor without href (<a name="x"></a>, a link target in markdown) stays a plain anchor. The
  // compiler already put the base URL into content links (see contentUrl), so they go as they are.
  a: (props: AnchorHTMLAttributes<HTMLAnchorElement>) => (props.href === undefined ? <a {...props} /> : <UrlLink {...props} />),
  // Sections a reader may want to link to get a "#" link to themselves.
  h2: (props: HeadingAttributes) => <Heading as="h2" {...props} />,
  h3: (props: HeadingAttributes) => <Heading as="h3" {...props} />,
  h4: (props: HeadingAttributes) => <Heading as="h4" {...props} />,
  details: MdxDetails,
  table: MdxTable,
  ...themeComponents,
};
