// The worker pool when a worker does not answer: it crashes, or code it runs calls process.exit()
// (in a worker thread, that ends the thread only). Every task it leaves fails, and so does a task
// still pending when the pool is closed: nothing waits for good.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkerPool, WorkerCrash } from '../../../src/util/workerPool.js';
import { tempDir } from '../../helpers.js';

let tmp: Awaited<ReturnType<typeof tempDir>>;
let script: string;

beforeAll(async () => {
  tmp = await tempDir();
  script = path.join(tmp.dir, 'worker.mjs');
  // Answers 'echo:x' with x; 'exit' ends the thread with process.exit(0); 'throw' throws outside
  // any task; 'wait' never answers.
  await writeFile(
    script,
    `import { parentPort } from 'node:worker_threads';
parentPort.on('message', ({ id, task }) => {
  if (task === 'exit') process.exit(0);
  if (task === 'throw') setTimeout(() => { throw new Error('broken worker'); });
  if (task.startsWith('echo:')) parentPort.postMessage({ id, result: task.slice(5) });
});
`,
  );
});
afterAll(() => tmp.cleanup());

const settle = (promise: Promise<unknown>) =>
  Promise.race([promise.then((value) => ({ value }), (error: unknown) => ({ error })), new Promise((resolve) => setTimeout(() => resolve('still pending after 5 s'), 5000))]);

describe('createWorkerPool', () => {
  it('answers tasks', async () => {
    const pool = createWorkerPool<string, string>(script, 2, null);
    expect(await Promise.all(['echo:a', 'echo:b', 'echo:c'].map((task) => pool.run(task)))).toEqual(['a', 'b', 'c']);
    await pool.close();
  });

  it('fails the task of a worker that calls process.exit(), the tasks queued after it, and every later one', async () => {
    const pool = createWorkerPool<string, string>(script, 1, null);
    const running = pool.run('exit');
    const queued = pool.run('echo:late');
    const first = (await settle(running)) as { error?: unknown };
    expect(first.error).toBeInstanceOf(WorkerCrash);
    expect(String((first.error as Error).message)).toMatch(/worker\.mjs\) stopped with exit code 0 before its work was done/);
    expect(await settle(queued)).toEqual({ error: first.error });
    expect(pool.failed()).toBe(true);
    expect(await settle(pool.run('echo:after'))).toEqual({ error: first.error });
    await pool.close();
  });

  it('fails the task of a worker that crashes, naming the error', async () => {
    const pool = createWorkerPool<string, string>(script, 1, null);
    const outcome = (await settle(pool.run('throw'))) as { error?: Error };
    expect(outcome.error).toBeInstanceOf(WorkerCrash);
    expect(outcome.error!.message).toMatch(/crashed: broken worker/);
    await pool.close();
  });

  it('fails the tasks still pending when it is closed', async () => {
    const pool = createWorkerPool<string, string>(script, 1, null);
    const waiting = pool.run('wait');
    const queued = pool.run('echo:never');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const outcomes = [waiting, queued].map(settle);
    await pool.close();
    for (const outcome of (await Promise.all(outcomes)) as Array<{ error?: Error }>) {
      expect(outcome.error?.message).toBe('the worker threads were closed before this task was done');
    }
  });
});
