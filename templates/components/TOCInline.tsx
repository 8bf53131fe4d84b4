import { translate } from '../../src/shared/translate.js';

/** One entry of a page's table of contents, as the `toc` a page exports gives it (Docusaurus's shape). */
export interface TOCInlineItem {
  /** The heading's text. */
  value: string;
  id: string;
  level: number;
}

export interface TOCInlineProps {
  toc: readonly TOCInlineItem[];
  /** Shallowest heading level listed (default 2). */
  minHeadingLevel?: number;
  /** Deepest heading level listed (default 3). */
  maxHeadingLevel?: number;
}

interface TocNode extends TOCInlineItem {
  children: TocNode[];
}

/** Nests each heading under the nearest shallower one before it. */
function nest(items: readonly TOCInlineItem[]): TocNode[] {
  const roots: TocNode[] = [];
  const open: TocNode[] = [];
  for (const item of items) {
    const node: TocNode = { ...item, children: [] };
    while (open.length > 0 && open[open.length - 1]!.level >= item.level) open.pop();
    (open.length > 0 ? open[open.length - 1]!.children : roots).push(node);
    open.push(node);
  }
  return roots;
}

function List({ nodes }: { nodes: TocNode[] }) {
  return (
    <ul className="toc-inline__list">
      {nodes.map((node) => (
        <li key={node.id}>
          <a href={`#${node.id}`}>{node.value}</a>
          {node.children.length > 0 ? <List nodes={node.children} /> : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * The page's table of contents inside its content: `<TOCInline toc={toc} />` in MDX, where `toc`
 * is the page's own (see DOCUSAURUS_SCOPE in the compiler).
 */
export default function TOCInline({ toc, minHeadingLevel = 2, maxHeadingLevel = 3 }: TOCInlineProps) {
  const shown = toc.filter((item) => item.level >= minHeadingLevel && item.level <= maxHeadingLevel);
  if (shown.length === 0) return null;
  return (
    <nav className="toc-inline" aria-label={translate({ id: 'theme.TOCCollapsible.toggleButtonLabel', message: 'On this page' })}>
      <List nodes={nest(shown)} />
    </nav>
  );
}
