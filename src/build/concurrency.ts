/** Bounded concurrency for file I/O: many small reads and writes without running out of file handles. */

/**
 * Fire-and-forget tasks, at most `size` at once; `idle()` waits for all and rethrows the first
 * failure. A producer that awaits `room()` before each `run` keeps at most `size` tasks (and the
 * data they hold) waiting, so a fast producer cannot pile a whole site's pages up in memory.
 */
export function createTaskQueue(size: number) {
  let active = 0;
  let failure: unknown = null;
  const queue: Array<() => Promise<unknown>> = [];
  const waiters: Array<() => void> = [];
  const roomWaiters: Array<() => void> = [];
  const next = () => {
    while (active < size && queue.length > 0) {
      const task = queue.shift()!;
      active++;
      task()
        .catch((error) => (failure ??= error))
        .finally(() => {
          active--;
          next();
          if (active === 0 && queue.length === 0) waiters.splice(0).forEach((wake) => wake());
        });
    }
    while (roomWaiters.length > 0 && queue.length < size) roomWaiters.shift()!();
  };
  return {
    run(task: () => Promise<unknown>): void {
      queue.push(task);
      next();
    },
    /** Resolves once fewer than `size` tasks are waiting to start. */
    room(): Promise<void> {
      if (queue.length < size) return Promise.resolve();
      return new Promise<void>((resolve) => roomWaiters.push(resolve));
    },
    idle(): Promise<void> {
      return new Promise<void>((resolve, reject) => {
        const done = () => (failure ? reject(failure) : resolve());
        if (active === 0 && queue.length === 0) done();
        else waiters.push(done);
      });
    },
  };
}

/** Like Promise.all over `items.map(fn)`, with at most `size` calls in flight. */
export async function mapLimit<T, R>(items: T[], size: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let index = 0;
  const worker = async () => {
    while (index < items.length) {
      const i = index++;
      results[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
  return results;
}
