/** Worker thread: renders pages from server group files (see renderPages.ts). */
import { parentPort } from 'node:worker_threads';
import { createRenderer, type RenderJob } from './renderJob.js';

const renderer = createRenderer();

parentPort!.on('message', async ({ id, task }: { id: number; task: RenderJob }) => {
  try {
    parentPort!.postMessage({ id, result: await renderer.render(task) });
  } catch (error) {
    parentPort!.postMessage({ id, error: { message: (error as Error).message } });
  }
});
