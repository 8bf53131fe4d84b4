/** Worker thread: compiles pages sent by the compile stage (see compilePages.ts). */
import { parentPort, workerData } from 'node:worker_threads';
import { createCodeHighlighter } from '../mdx/highlighter.js';
import { createImageFiles } from './images.js';
import { createStaticSession } from '../static/renderStaticPage.js';
import { runCompileJob, type CompileJob, type CompileSettings } from './compileJob.js';

const settings = workerData as CompileSettings;
const highlighter = createCodeHighlighter(settings.themes);
// A worker lives for one build's compile stage, so it reads each image once and sees edits next time.
const imageFiles = createImageFiles(settings.images);
const staticSession = createStaticSession();

parentPort!.on('message', async ({ id, task }: { id: number; task: CompileJob }) => {
  try {
    parentPort!.postMessage({ id, result: await runCompileJob(task, settings, await highlighter, imageFiles, staticSession) });
  } catch (error) {
    parentPort!.postMessage({ id, error: { message: (error as Error).message, stack: (error as Error).stack } });
  }
});
