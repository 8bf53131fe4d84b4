import { describe, expect, it } from 'vitest';
import { createTaskQueue, mapLimit } from '../../../src/build/concurrency.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('createTaskQueue', () => {
  it('runs at most `size` tasks at once and waits for all of them', async () => {
    const queue = createTaskQueue(3);
    let running = 0;
    let peak = 0;
    let done = 0;
    for (let i = 0; i < 20; i++) {
      queue.run(async () => {
        peak = Math.max(peak, ++running);
        await tick();
        running--;
        done++;
      });
    }
    await queue.idle();
    expect(done).toBe(20);
    expect(peak).toBe(3);
  });

  it('holds a producer that awaits room() to a bounded backlog', async () => {
    const queue = createTaskQueue(2);
    let started = 0;
    let backlogPeak = 0;
    for (let produced = 1; produced <= 30; produced++) {
      await queue.room();
      queue.run(async () => {
        started++;
        await tick();
      });
      backlogPeak = Math.max(backlogPeak, produced - started);
    }
    await queue.idle();
    expect(started).toBe(30);
    // Two running and at most two waiting (plus the one just added).
    expect(backlogPeak).toBeLessThanOrEqual(5);
  });

  it('rethrows the first failure from idle()', async () => {
    const queue = createTaskQueue(2);
    queue.run(async () => {
      throw new Error('disk full');
    });
    queue.run(async () => {});
    await expect(queue.idle()).rejects.toThrow('disk full');
  });
});

describe('mapLimit', () => {
  it('keeps the order of results and passes each index', async () => {
    const results = await mapLimit([30, 10, 20], 2, async (value, index) => {
      await new Promise((resolve) => setTimeout(resolve, value));
      return `${index}:${value}`;
    });
    expect(results).toEqual(['0:30', '1:10', '2:20']);
  });
});
