import { describe, expect, it, vi } from 'vitest';
import { invariant } from '../../../src/client/invariant.js';

describe('invariant', () => {
  it('passes when the condition holds', () => {
    expect(() => invariant(true)).not.toThrow();
    expect(() => invariant({})).not.toThrow();
  });
  it("throws the generic 'Invariant failed'", () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => invariant(false, 'route mismatch for /x')).toThrow(new Error('Invariant failed'));
    expect(() => invariant(null)).toThrowError(/^Invariant failed$/);
    spy.mockRestore();
  });
});
