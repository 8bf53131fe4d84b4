/**
 * Places in a page read as MDX 1 (mdx1Syntax.ts) given back in the source's columns. The reading
 * keeps every line but moves columns (an escaped `<`, `class` made `className`, an indented line
 * brought back): the tree MDX parses, its expressions' syntax trees and its errors are placed in
 * the rewritten text until these functions put them back where the author wrote them.
 */
import type { VFileMessage } from 'vfile-message';
import { walk, type TreeNode } from './walk.js';

/** The source's column (1-based) of a column of the text MDX parsed, on the same line. */
export type SourceColumn = (line: number, column: number) => number;

interface Point {
  line: number;
  column: number;
}

/** A remark plugin, first of all: every node's position (and its expressions' `loc`) in the source's columns. */
export function remarkSourceColumns(sourceColumn: SourceColumn) {
  const point = (place: Point | undefined) => {
    if (place && typeof place.line === 'number' && typeof place.column === 'number') place.column = sourceColumn(place.line, place.column);
  };
  const node = (tree: TreeNode) => {
    const { position, data } = tree as TreeNode & { position?: { start?: Point; end?: Point }; data?: { estree?: unknown } };
    point(position?.start);
    point(position?.end);
    if (data?.estree) estreePlaces(data.estree, sourceColumn);
    const { attributes } = tree as { attributes?: unknown };
    // JSX elements' attributes are a list (a directive's are an object of strings).
    if (!Array.isArray(attributes)) return;
    for (const attribute of attributes as Array<{ position?: { start?: Point; end?: Point }; value?: unknown; data?: { estree?: unknown } }>) {
      point(attribute.position?.start);
      point(attribute.position?.end);
      if (attribute.data?.estree) estreePlaces(attribute.data.estree, sourceColumn);
      const value = attribute.value as { data?: { estree?: unknown } } | undefined;
      if (value && typeof value === 'object' && value.data?.estree) estreePlaces(value.data.estree, sourceColumn);
    }
  };
  return (tree: TreeNode) => {
    node(tree);
    walk(tree, (child) => {
      node(child);
    });
  };
}

/** Every `loc` of an ESTree (0-based columns) in the source's columns. */
function estreePlaces(tree: unknown, sourceColumn: SourceColumn): void {
  const seen = new Set<object>();
  const visit = (value: unknown) => {
    if (!value || typeof value !== 'object' || seen.has(value)) return;
    seen.add(value);
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    const record = value as Record<string, unknown>;
    const loc = record.loc as { start?: Point; end?: Point } | undefined;
    if (loc && typeof loc === 'object') {
      for (const place of [loc.start, loc.end]) if (place && typeof place.line === 'number') place.column = sourceColumn(place.line, place.column + 1) - 1;
    }
    for (const key in record) if (key !== 'loc' && key !== 'range') visit(record[key]);
  };
  visit(tree);
}

/** `L:C` or `L:C-L:C` inside a message, as the MDX parser names a second place. */
const PLACE_IN_REASON = /\((\d+):(\d+)(?:-(\d+):(\d+))?\)/g;

/**
 * Where an MDX error is, in the source, and its reason with the places it mentions put back too.
 * An element left open ("Expected a closing tag for `<T>` (3:5-3:8) before the end of
 * `paragraph`") is placed at its tag, not at the start of the paragraph, table cell or heading
 * that holds it, which may be lines before it.
 */
export function errorPlace(error: VFileMessage, reason: string, sourceColumn: SourceColumn | null): { line?: number; column?: number; reason: string } {
  const map = (line: number, column: number) => (sourceColumn ? sourceColumn(line, column) : column);
  // Some messages only carry a range in `place` (e.g. unclosed tags).
  const place = error.place as { line?: number; column?: number; start?: { line: number; column: number } } | undefined;
  const line = error.line ?? place?.start?.line ?? place?.line ?? undefined;
  const column = error.column ?? place?.start?.column ?? place?.column ?? undefined;
  let first: { line: number; column: number } | undefined;
  const mapped = reason.replace(PLACE_IN_REASON, (_, l1: string, c1: string, l2?: string, c2?: string) => {
    const start = { line: Number(l1), column: map(Number(l1), Number(c1)) };
    first ??= start;
    return l2 === undefined ? `(${start.line}:${start.column})` : `(${start.line}:${start.column}-${l2}:${map(Number(l2), Number(c2))})`;
  });
  if (first && (line === undefined || /^Expected a closing tag for /.test(reason))) return { ...first, reason: mapped };
  return { line, column: line !== undefined && column !== undefined ? map(line, column) : column, reason: mapped };
}
