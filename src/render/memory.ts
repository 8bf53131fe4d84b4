import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';

let collect: (() => void) | undefined;

/**
 * Runs a full garbage collection when this thread's used heap is above `bytes`. A build makes
 * garbage much faster than V8's own heuristics expect from a long-running program, and peak memory
 * is what limits the size of site a machine can build. The collector is reached the way test
 * runners reach it, by exposing it for a moment; that costs nothing until it is used.
 */
export function collectGarbageAbove(bytes: number): void {
  if (v8.getHeapStatistics().used_heap_size <= bytes) return;
  if (!collect) {
    v8.setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as () => void;
    v8.setFlagsFromString('--no-expose-gc');
  }
  collect();
}
