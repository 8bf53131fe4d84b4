import { Worker } from 'node:worker_threads';
import { workerScript } from '../util/workerPool.js';

/** A running server of a built site for a check (see serverThread.ts). */
export interface CheckServer {
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  close(): Promise<void>;
}

const running = new Set<Worker>();

/** How many check servers are running in this process (each in a thread of its own). */
export function runningCheckServers(): number {
  return running.size;
}

/**
 * Serves `root` at `baseUrl` on a free port of 127.0.0.1, from a worker thread: the crawl parses
 * pages in this thread, and a server sharing it waited for each parse before answering, until
 * requests of a large site timed out. The server answers only requests for `127.0.0.1:<port>`.
 */
export async function startCheckServer(root: string, baseUrl: string): Promise<CheckServer> {
  const worker = new Worker(await workerScript('checkServer'), { workerData: { root, baseUrl } });
  running.add(worker);
  const exited = new Promise<void>((resolve) =>
    worker.once('exit', () => {
      running.delete(worker);
      resolve();
    }),
  );
  try {
    const url = await new Promise<string>((resolve, reject) => {
      worker.once('message', (message: { url: string }) => resolve(message.url));
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the check server stopped before it listened (exit code ${code})`)));
    });
    return {
      origin: new URL(url).origin,
      async close() {
        worker.postMessage('close');
        const stuck = setTimeout(() => void worker.terminate(), 5000);
        await exited;
        clearTimeout(stuck);
      },
    };
  } catch (error) {
    await worker.terminate();
    await exited;
    throw error;
  }
}
