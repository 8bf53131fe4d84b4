import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';
import { workerScript } from '../../util/workerPool.js';
import { parseCodeMeta } from './codeMeta.js';
import { fencedBlocks } from './fencedBlocks.js';
import { fenceLanguages, grammarName, highlightedOnce, KeptHighlights, PLAIN_LANGUAGES, type CodeHighlighter } from './highlighter.js';
import { markCode, type MagicComment } from './magicComments.js';

/** One block to highlight, as `CodeHighlighter.toHtml` takes it, in a form a thread can copy. */
export interface HighlightRequest {
  code: string;
  grammar: string | null;
  lineClasses: Array<[number, readonly string[]]>;
  blockClasses: readonly string[];
}

export type HighlightTask = { languages: string[] } | { blocks: HighlightRequest[] };
export type HighlightReply = { grammars: Record<string, string | null> } | { html: string[] };

export interface HighlightWorkerData {
  themes: { light: string; dark: string };
  /** Set to 1 by the worker when it has answered a block asked for at once. */
  signal: SharedArrayBuffer;
}

export interface RemoteHighlighter extends CodeHighlighter {
  close(): Promise<void>;
  /** Its thread crashed or was stopped: it answers nothing any more. */
  failed(): boolean;
  /** It still owes answers (the thread holds the process open until it gives them). */
  busy(): boolean;
}

/** How long the main thread waits for one block it needs at once before the build fails. */
const SYNC_LIMIT_MS = 120_000;

/**
 * A code highlighter whose shiki runs in a worker thread, for compiling pages in the main thread:
 * `prefetch` sends a page's fenced blocks ahead, so the worker highlights them while this thread
 * compiles other pages, and `toHtml` finds them done. A block the guess missed (see
 * fencedBlocks.ts) is highlighted by the worker while this thread waits, so the markup is always
 * the one `toHtml` is asked for. Loading shiki and compiling a grammar's expressions, most of
 * the cost of a first build's code, is paid once, in that thread.
 */
export async function createRemoteHighlighter(themes: { light: string; dark: string }): Promise<RemoteHighlighter> {
  const script = await workerScript('highlightWorker');
  const signal = new SharedArrayBuffer(4);
  const flag = new Int32Array(signal);
  const { port1: syncPort, port2 } = new MessageChannel();
  const data: HighlightWorkerData & { syncPort: typeof port2 } = { themes, signal, syncPort: port2 };
  const worker = new Worker(script, { workerData: data, transferList: [port2] });
  // The worker keeps the process alive only while it owes an answer; the port of blocks asked for
  // at once is only ever read synchronously, and never does.
  worker.unref();
  syncPort.unref();
  // Node refs a worker again as it comes online.
  worker.once('online', () => {
    if (pending.size === 0) worker.unref();
  });
  const pending = new Map<number, { resolve(reply: HighlightReply): void; reject(error: unknown): void }>();
  let nextId = 0;
  let failure: Error | null = null;
  let closed = false;
  worker.on('message', (message: { id: number; error?: { message: string; stack?: string } } & HighlightReply) => {
    const entry = pending.get(message.id);
    pending.delete(message.id);
    if (pending.size === 0) worker.unref();
    if (message.error) entry?.reject(Object.assign(new Error(message.error.message), { stack: message.error.stack }));
    else entry?.resolve(message);
  });
  worker.on('error', (error) => {
    failure = error;
    for (const entry of pending.values()) entry.reject(error);
    pending.clear();
  });
  const ask = (task: HighlightTask): Promise<HighlightReply> =>
    failure
      ? Promise.reject(failure)
      : new Promise((resolve, reject) => {
          const id = nextId++;
          pending.set(id, { resolve, reject });
          worker.ref();
          worker.postMessage({ id, task });
        });

  const loaded = new Set<string>();
  const asked = new Map<string, Promise<void>>();
  const ensureLanguages = async (langs: Iterable<string>): Promise<void> => {
    const wanted = [...new Set(langs)];
    const missing = wanted.filter((lang) => !asked.has(lang));
    if (missing.length > 0) {
      const answered = ask({ languages: missing }).then((reply) => {
        for (const grammar of Object.values((reply as { grammars: Record<string, string | null> }).grammars)) if (grammar) loaded.add(grammar);
      });
      for (const lang of missing) asked.set(lang, answered);
    }
    await Promise.all(wanted.map((lang) => asked.get(lang)));
  };
  const resolveLanguage = (lang: string): string | null => {
    const name = grammarName(lang);
    return loaded.has(name) ? name : null;
  };

  const kept = new KeptHighlights();
  const highlightNow: CodeHighlighter['toHtml'] = (code, grammar, lineClasses, blockClasses = []) => {
    if (failure) throw failure;
    if (closed) throw new Error("the code highlighter's thread is stopped");
    Atomics.store(flag, 0, 0);
    syncPort.postMessage(request(code, grammar, lineClasses, blockClasses));
    if (Atomics.wait(flag, 0, 0, SYNC_LIMIT_MS) === 'timed-out') throw new Error(`the code highlighter's thread did not answer within ${SYNC_LIMIT_MS / 1000} s`);
    const reply = receiveMessageOnPort(syncPort)?.message as { html?: string; error?: { message: string; stack?: string } } | undefined;
    if (reply?.html === undefined) throw Object.assign(new Error(reply?.error?.message ?? "the code highlighter's thread gave no answer"), { stack: reply?.error?.stack });
    return reply.html;
  };

  return {
    toHtml: highlightedOnce(highlightNow, kept),
    ensureLanguages,
    resolveLanguage,
    async prefetch(body: string, magicComments: readonly MagicComment[]) {
      const blocks = fencedBlocks(body);
      if (blocks.length === 0) return;
      try {
        await ensureLanguages(fenceLanguages(body));
        const keys: string[] = [];
        const requests: HighlightRequest[] = [];
        for (const block of blocks) {
          // As rehypeCodeBlocks (plugins.ts) asks for it.
          const grammar = PLAIN_LANGUAGES.has(block.lang.toLowerCase()) ? null : resolveLanguage(block.lang);
          const marked = markCode(block.code, block.lang || 'text', parseCodeMeta(block.meta).highlightLines, magicComments);
          const key = KeptHighlights.key(marked.code, grammar, marked.lineClasses, marked.blockClasses);
          if (kept.get(key) !== undefined) continue;
          keys.push(key);
          requests.push(request(marked.code, grammar, marked.lineClasses, marked.blockClasses));
        }
        if (requests.length === 0) return;
        const { html } = (await ask({ blocks: requests })) as { html: string[] };
        html.forEach((markup, i) => kept.set(keys[i]!, markup));
      } catch {
        // Only a head start: a block that fails here fails again, with its page named, when the page asks for it.
      }
    },
    async close() {
      closed = true;
      await worker.terminate();
    },
    failed: () => closed || failure !== null,
    busy: () => pending.size > 0,
  };
}

/** Highlighter threads this process keeps, by their themes (see sharedRemoteHighlighter): the newest few, with how many builds use each. */
const sharedHighlighters = new Map<string, { made: Promise<RemoteHighlighter>; users: number }>();
const SHARED_HIGHLIGHTERS = 2;

/**
 * The remote highlighter of these themes that every one-off build of this process uses: a tool or
 * a test suite that builds many sites in one process starts shiki and compiles each grammar once,
 * not once a build. `close` on what this returns ends this build's use. An idle thread holds
 * the process open for nothing (it is unref'd), so the last build's close leaves it running for
 * the next one; but when blocks it was sent ahead are still unanswered then (pages the build did
 * not get to, a build that failed), it is stopped, so that the process can exit. A thread that
 * failed is replaced at the next call.
 */
export function sharedRemoteHighlighter(themes: { light: string; dark: string }): Promise<RemoteHighlighter> {
  const key = JSON.stringify([themes.light, themes.dark]);
  let entry = sharedHighlighters.get(key);
  if (!entry) {
    entry = { made: createRemoteHighlighter(themes), users: 0 };
    sharedHighlighters.set(key, entry);
    const made = entry;
    made.made.catch(() => sharedHighlighters.get(key) === made && sharedHighlighters.delete(key));
    for (const [oldKey, old] of sharedHighlighters) {
      if (sharedHighlighters.size <= SHARED_HIGHLIGHTERS) break;
      if (old.users > 0) continue;
      sharedHighlighters.delete(oldKey);
      void old.made.then((highlighter) => highlighter.close(), () => {});
    }
  }
  const used = entry;
  used.users++;
  return used.made.then(
    (highlighter) => {
      if (highlighter.failed()) {
        used.users--;
        if (sharedHighlighters.get(key) === used) sharedHighlighters.delete(key);
        return sharedRemoteHighlighter(themes);
      }
      let closed = false;
      return {
        ...highlighter,
        close: async () => {
          if (closed) return;
          closed = true;
          used.users--;
          if (used.users > 0 || !highlighter.busy()) return;
          if (sharedHighlighters.get(key) === used) sharedHighlighters.delete(key);
          await highlighter.close();
        },
      };
    },
    (error: unknown) => {
      used.users--;
      throw error;
    },
  );
}

function request(code: string, grammar: string | null, lineClasses: ReadonlyMap<number, readonly string[]>, blockClasses: readonly string[]): HighlightRequest {
  return { code, grammar, lineClasses: [...lineClasses], blockClasses: [...blockClasses] };
}
