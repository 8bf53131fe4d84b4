import { describe, expect, it } from 'vitest';
import { createRebuildScheduler } from '../../../src/dev/scheduler.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('createRebuildScheduler', () => {
  it('coalesces a burst of changes into one rebuild', async () => {
    const batches: string[][] = [];
    const s = createRebuildScheduler(async (files) => void batches.push(files), 30);
    s.add('/a');
    s.add('/b');
    await sleep(10);
    s.add('/a');
    await s.idle();
    expect(batches).toEqual([['/a', '/b']]);
    await s.close();
  });

  it('runs one rebuild at a time and queues changes made meanwhile into the next', async () => {
    const batches: string[][] = [];
    let active = 0;
    let maxActive = 0;
    const s = createRebuildScheduler(async (files) => {
      active++;
      maxActive = Math.max(maxActive, active);
      batches.push(files);
      await sleep(80);
      active--;
    }, 10);
    s.add('/first');
    await sleep(30);
    s.add('/second');
    s.add('/third');
    await sleep(30);
    s.add('/fourth');
    await s.idle();
    expect(maxActive).toBe(1);
    expect(batches).toEqual([['/first'], ['/second', '/third', '/fourth']]);
    await s.close();
  });

  it('builds again, without another change reported, the paths a rebuild says changed while it read them', async () => {
    const batches: string[][] = [];
    let saved = false;
    const s = createRebuildScheduler(async (files) => {
      batches.push(files);
      // The first rebuild read /a half-saved: the save ends while it runs.
      if (saved) return [];
      saved = true;
      return ['/a'];
    }, 5);
    s.add('/a');
    s.add('/b');
    await s.idle();
    expect(batches).toEqual([['/a', '/b'], ['/a']]);
    await s.close();
  });

  it('keeps going after a failed rebuild', async () => {
    const batches: string[][] = [];
    const s = createRebuildScheduler(async (files) => {
      batches.push(files);
      if (files.includes('/bad')) throw new Error('boom');
    }, 5);
    s.add('/bad');
    await s.idle();
    s.add('/good');
    await s.idle();
    expect(batches).toEqual([['/bad'], ['/good']]);
    await s.close();
  });

  it('close() waits for the running rebuild and drops pending changes', async () => {
    let finished = 0;
    const s = createRebuildScheduler(async () => {
      await sleep(50);
      finished++;
    }, 5);
    s.add('/x');
    await sleep(20);
    s.add('/y');
    await s.close();
    expect(finished).toBe(1);
    s.add('/z');
    await sleep(30);
    expect(finished).toBe(1);
  });

  it('addLater adds its item after the wait, restarted by each call; builds in between go without it, and idle() waits for it', async () => {
    const batches: string[][] = [];
    const s = createRebuildScheduler(async (files) => void batches.push(files), 5);
    const started = Date.now();
    s.addLater('/search', 60);
    await sleep(20);
    s.add('/a');
    s.addLater('/search', 60);
    await sleep(30);
    expect(batches).toEqual([['/a']]);
    await s.idle();
    expect(batches).toEqual([['/a'], ['/search']]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(75);
    s.addLater('/search', 20);
    await s.close();
    await sleep(40);
    expect(batches).toHaveLength(2);
  });

  it('addLater waits for each item on its own: a later call for one item does not put off another', async () => {
    const batches: string[][] = [];
    const s = createRebuildScheduler(async (files) => void batches.push(files), 5);
    s.addLater('/page.md', 20);
    s.addLater('/search', 200);
    await sleep(80);
    expect(batches).toEqual([['/page.md']]);
    await s.idle();
    expect(batches).toEqual([['/page.md'], ['/search']]);
  });
});
