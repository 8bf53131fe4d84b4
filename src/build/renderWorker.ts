/** Worker thread: renders the pages of one server group file (see renderPages.ts). */
import { parentPort, workerData } from 'node:worker_threads';
import type { ClientSiteData } from '../shared/types.js';
import { createGroupRenderer, type RenderJob } from './renderJob.js';

const { file, site } = workerData as { file: string; site: ClientSiteData };
const render = createGroupRenderer(file, site);

parentPort!.on('message', async ({ id, task }: { id: number; task: RenderJob }) => {
  try {
    parentPort!.postMessage({ id, result: await (await render)(task) });
  } catch (error) {
    parentPort!.postMessage({ id, error: { message: (error as Error).message } });
  }
});
