/** Throws the generic 'Invariant failed' error when a routing assumption does not hold. */
export function invariant(condition: unknown, detail?: string): asserts condition {
  if (condition) return;
  if (detail && typeof console !== 'undefined') console.error(detail);
  throw new Error('Invariant failed');
}
