/** Bounded concurrency: many asynchronous calls without running out of file handles or memory. */

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
