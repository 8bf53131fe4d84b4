/**
 * Makes micromark's batched event edits cost what they change, not the size of the document.
 *
 * micromark applies edits to its list of events with an EditMap (micromark-util-edit-map), whose
 * `consume` copies the whole list, from its first event, on every call. The document tokenizer
 * calls it each time a list or block quote closes, with the events of the whole document so far,
 * so parsing a page costs the square of its length: a 1.6 MB page of lists, quotes and tables
 * took 48 s of CPU to parse, 8 s with this fix (and 5 MB would take minutes).
 *
 * `linearConsume` gives exactly the same result (every edit is applied in the same order, also
 * overlapping ones) but keeps the events before the first edit where they are, so a call costs
 * the length of the list after its first edit: the few events at its end, in those calls.
 */
import { EditMap } from 'micromark-util-edit-map';

type Edit = [at: number, remove: number, add: unknown[]];

/** EditMap's fields as the library keeps them (see its index.d.ts). */
interface EditMapState {
  map: Edit[];
  index: Map<number, Edit>;
}

export function linearConsume(this: EditMapState, events: unknown[]): void {
  const edits = this.map;
  if (edits.length === 0) return;
  edits.sort((a, b) => a[0] - b[0]);
  const start = edits[0]![0];
  const tail = events.slice(start);
  const end = start + tail.length;
  events.length = start;
  let from = start;
  for (const [at, remove, add] of edits) {
    for (let i = from; i < at && i < end; i++) events.push(tail[i - start]);
    // One push per item: spreading a long list of added events could overflow the stack.
    for (const event of add) events.push(event);
    from = at + remove;
  }
  for (let i = from; i < end; i++) events.push(tail[i - start]);
  edits.length = 0;
  this.index.clear();
}

/** The library's own consume, as this module found it (before any install): what linearConsume must match. */
export const libraryConsume: unknown = EditMap.prototype.consume;

/** Installs linearConsume on micromark's EditMap (once; idempotent). */
export function installLinearEditMap(): void {
  (EditMap.prototype as unknown as { consume: typeof linearConsume }).consume = linearConsume;
}
