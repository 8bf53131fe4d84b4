/**
 * pagefind runs one indexer process for every index of a process: an index that closes must not
 * end it while another is still open (two builds through the API at once each have one).
 */
import { describe, expect, it } from 'vitest';
import { openPagefindIndex } from '../../../src/search/runPagefind.js';

describe('pagefind indexes open at once', () => {
  it('finishes an index after another one closed, unfinished or finished', async () => {
    for (const finishFirst of [false, true]) {
      const first = await openPagefindIndex('en');
      const second = await openPagefindIndex('en');
      try {
        await first.add('/first', { title: 'First', html: '<h1>First</h1><p>Words of the first page.</p>' });
        if (finishFirst) expect((await first.finish()).files.length).toBeGreaterThan(0);
        await first.close();
        await second.add('/second', { title: 'Second', html: '<h1>Second</h1><p>Words of the second page.</p>' });
        expect((await second.finish()).files.length).toBeGreaterThan(0);
      } finally {
        await first.close();
        await second.close();
      }
    }
  }, 60_000);

  it('finishes an index opened while the last one open is closing', async () => {
    for (let round = 0; round < 8; round++) {
      const first = await openPagefindIndex('en');
      await first.add('/first', { title: 'First', html: '<h1>First</h1><p>Words of the first page.</p>' });
      const closing = first.close();
      const second = await openPagefindIndex('en');
      try {
        await second.add('/second', { title: 'Second', html: '<h1>Second</h1><p>Words of the second page.</p>' });
        expect((await second.finish()).files.length).toBeGreaterThan(0);
      } finally {
        await closing;
        await second.close();
      }
    }
  }, 60_000);
});
