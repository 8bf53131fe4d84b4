/**
 * Coalesces bursts of file changes into rebuilds: changes arriving within `debounceMs` of each
 * other form one batch; only one rebuild runs at a time, and changes arriving meanwhile are
 * queued into the next batch.
 */
export interface RebuildScheduler {
  /** Records a changed path (absolute) and (re)starts the debounce timer. */
  add(file: string): void;
  /**
   * Adds `item` in `waitMs` (restarting the wait of that item when called again for it before), as
   * a change would be. Each item waits on its own. A rebuild that starts in the meantime goes
   * without it.
   */
  addLater(item: string, waitMs: number): void;
  /** Resolves when no rebuild is running or pending. */
  idle(): Promise<void>;
  /** Stops scheduling; resolves once a running rebuild has finished. */
  close(): Promise<void>;
}

/**
 * An editor's save is a burst of events a few milliseconds apart (a temporary file, a rename, a
 * change of attributes), and serve.ts skips a rebuild whose files' contents it has already built,
 * so a short wait is enough; every millisecond of it is added to what an edit takes to show. A
 * file read before its save ended is built again once it has (see `run`).
 */
const DEBOUNCE_MS = 3;

/**
 * @param run rebuilds for a batch of changed paths; returns the paths to build again: those that
 *   changed while it read them (the file watcher may report nothing more for them, see serve.ts).
 */
export function createRebuildScheduler(run: (files: string[]) => Promise<string[] | void>, debounceMs = DEBOUNCE_MS): RebuildScheduler {
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let closed = false;
  let idleWaiters: (() => void)[] = [];
  /** The items addLater is waiting to add, with their timers. */
  const later = new Map<string, NodeJS.Timeout>();

  const settleIdle = () => {
    if (running || timer || later.size > 0 || pending.size > 0) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    waiters.forEach((resolve) => resolve());
  };

  const loop = async () => {
    while (pending.size > 0 && !closed) {
      const batch = [...pending];
      pending.clear();
      try {
        const again = await run(batch);
        if (!closed) for (const file of again ?? []) pending.add(file);
      } catch {
        // run reports its own errors; the loop keeps going.
      }
    }
  };

  const flush = () => {
    timer = undefined;
    if (running || closed) return;
    running = loop().finally(() => {
      running = null;
      settleIdle();
    });
  };

  function add(file: string): void {
    if (closed) return;
    pending.add(file);
    if (timer) clearTimeout(timer);
    timer = setTimeout(flush, debounceMs);
  }

  return {
    add,
    addLater(item, waitMs) {
      if (closed) return;
      clearTimeout(later.get(item));
      later.set(
        item,
        setTimeout(() => {
          later.delete(item);
          add(item);
        }, waitMs),
      );
    },
    idle() {
      return new Promise((resolve) => {
        idleWaiters.push(resolve);
        settleIdle();
      });
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      later.forEach((waiting) => clearTimeout(waiting));
      later.clear();
      pending.clear();
      await running;
      settleIdle();
    },
  };
}
