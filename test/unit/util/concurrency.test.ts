import { describe, expect, it } from 'vitest';
import { mapLimit } from '../../../src/util/concurrency.js';

describe('mapLimit', () => {
  it('keeps the order of results and passes each index', async () => {
    const results = await mapLimit([30, 10, 20], 2, async (value, index) => {
      await new Promise((resolve) => setTimeout(resolve, value));
      return `${index}:${value}`;
    });
    expect(results).toEqual(['0:30', '1:10', '2:20']);
  });
});
