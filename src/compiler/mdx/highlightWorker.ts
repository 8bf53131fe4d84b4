/** Worker thread: highlights code blocks for the compile stage in the main thread (see remoteHighlighter.ts). */
import { parentPort, receiveMessageOnPort, workerData, type MessagePort } from 'node:worker_threads';
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
  return {
    html: task.blocks.map((block) => {
      // The main thread may be waiting for a block of its own: answer it before going on.
      answerWaiting(toHtml);
      return highlight(toHtml, block);
    }),
  };
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

/** Answers a block the main thread waits for on its own port, then wakes the thread. */
function answerAtOnce(toHtml: Awaited<typeof highlighter>['toHtml'], block: HighlightRequest): void {
  try {
    syncPort.postMessage({ html: highlight(toHtml, block) });
  } catch (error) {
    syncPort.postMessage(failure(error));
  }
  Atomics.store(flag, 0, 1);
  Atomics.notify(flag, 0);
}

/** Answers the block the main thread waits for, if it waits. */
function answerWaiting(toHtml: Awaited<typeof highlighter>['toHtml']): void {
  for (let message = receiveMessageOnPort(syncPort); message; message = receiveMessageOnPort(syncPort)) answerAtOnce(toHtml, message.message as HighlightRequest);
}

// Between the blocks of the pages sent ahead (above), or when there are none.
syncPort.on('message', async (block: HighlightRequest) => answerAtOnce((await highlighter).toHtml, block));
