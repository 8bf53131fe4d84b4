import fc from 'fast-check';
import { EditMap } from 'micromark-util-edit-map';
import { describe, expect, it } from 'vitest';
import { compileMdx } from '../../../../src/compiler/mdx/compile.js';
import { libraryConsume as foundConsume, linearConsume } from '../../../../src/compiler/mdx/editMapFix.js';
import { createCodeHighlighter } from '../../../../src/compiler/mdx/highlighter.js';

type Consume = (this: EditMap, events: unknown[]) => void;
/** The library's own consume, as the fix found it before the compiler replaced it (whatever loaded first). */
const libraryConsume = foundConsume as Consume;

/** Applies the same edits to a copy of `events` with `consume`. */
function apply(consume: Consume, events: number[], edits: Array<{ at: number; remove: number; add: number[]; before: boolean }>): unknown[] {
  const map = new EditMap();
  for (const { at, remove, add, before } of edits) {
    const items = add.map((n) => -n - 1) as never[];
    if (before) map.addBefore(at, remove, items);
    else map.add(at, remove, items);
  }
  const copy: unknown[] = [...events];
  consume.call(map, copy);
  return copy;
}

describe('linearConsume', () => {
  it('applies edits exactly as micromark-util-edit-map does, overlapping ones included', () => {
    expect(libraryConsume).not.toBe(linearConsume);
    const scenario = fc.integer({ min: 0, max: 40 }).chain((length) =>
      fc.record({
        events: fc.constant(Array.from({ length }, (_, i) => i)),
        edits: fc.array(
          fc.record({
            at: fc.integer({ min: 0, max: length }),
            remove: fc.integer({ min: 0, max: 6 }),
            add: fc.array(fc.nat(99), { maxLength: 4 }),
            before: fc.boolean(),
          }),
          { maxLength: 8 },
        ),
      }),
    );
    fc.assert(
      fc.property(scenario, ({ events, edits }) => {
        // The library never removes past the end; keep the edits within the list.
        const bounded = edits.map((e) => ({ ...e, remove: Math.min(e.remove, events.length - e.at) }));
        expect(apply(linearConsume as Consume, events, bounded)).toEqual(apply(libraryConsume, events, bounded));
      }),
      { seed: 20261123, numRuns: 2000 },
    );
  });

  it('is what the markdown parser uses once the compiler is loaded', async () => {
    const highlighter = await createCodeHighlighter({ light: 'github-light', dark: 'github-dark' });
    await compileMdx('> quoted\n\n- item\n\ntext\n', {
      file: 'docs/a.md', sourceText: '', format: 'md', highlighter, tocLevels: { min: 2, max: 3 }, resolveMarkdownLink: () => null,
    });
    expect(EditMap.prototype.consume).toBe(linearConsume);
  }, 60_000);
});
