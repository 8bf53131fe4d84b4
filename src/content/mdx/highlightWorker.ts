/** Worker thread: highlights code blocks for the compile stage in the main thread (see remoteHighlighter.ts). */
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { createCodeHighlighter } from './highlighter.js';
import type { HighlightReply, HighlightRequest, HighlightTask, HighlightWorkerData } from './remoteHighlighter.js';

const { themes, signal, syncPort } = workerData as HighlightWorkerData & { syncPort: MessagePort };
const highlighter = createCodeHighlighter(themes);
const flag = new Int32Array(signal);

async function answer(task: HighlightTask): Promise<HighlightReply> {
  const { toHtml, ensureLanguages, resolveLanguage } = await highlighter;
  if ('languages' in task) {
    await ensureLanguages(task.languages);
    return { grammars: Object.fromEntries(task.languages.map((lang) => [lang, resolveLanguage(lang)])) };
  }
  return { html: task.blocks.map((block) => highlight(toHtml, block)) };
}

function highlight(toHtml: Awaited<typeof highlighter>['toHtml'], block: HighlightRequest): string {
  return toHtml(block.code, block.grammar, new Map(block.lineClasses), block.blockClasses);
}

function failure(error: unknown) {
  return { error: { message: (error as Error).message, stack: (error as Error).stack } };
}

parentPort!.on('message', async ({ id, task }: { id: number; task: HighlightTask }) => {
  try {
    parentPort!.postMessage({ id, ...(await answer(task)) });
  } catch (error) {
    parentPort!.postMessage({ id, ...failure(error) });
  }
});

// A block the main thread needs at once: answered on its own port, then the waiting thread is woken.
syncPort.on('message', async (block: HighlightRequest) => {
  try {
    syncPort.postMessage({ html: highlight((await highlighter).toHtml, block) });
  } catch (error) {
    syncPort.postMessage(failure(error));
  }
  Atomics.store(flag, 0, 1);
  Atomics.notify(flag, 0);
});
