import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';

/** Busy less than this share of the last interval: the server is idle. */
const IDLE_UTILIZATION = 0.05;

/**
 * Gives memory back when the server goes quiet. V8 collects only when it allocates, so after a burst (a
 * million-row export, 200 sessions at once) the garbage of its last seconds and the heap grown for it stay until
 * the next burst: a minute after a 200-session load the heap still held 340 MB of it (455 MB RSS). After an
 * interval in which the event loop was busy less than 5 % of the time, and only when the heap's used plus committed
 * size grew by `growthBytes` since the last collection here, one full collection runs: 23 ms there, RSS back to
 * 205 MB. A busy server is never interrupted, an idle one is collected once per burst, not on every tick. Gives the
 * function that stops it.
 */
export function collectWhenIdle({
  intervalMs = 1000,
  growthBytes = 32 * 1024 * 1024,
}: {
  intervalMs?: number;
  growthBytes?: number;
} = {}): () => void {
  // V8's collector without a command-line flag (any start of the server has it): the flag set now, then a fresh
  // context's `gc`, which sees it.
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  // The heap's used and committed sizes: a burst that grew the heap and left little garbage (an export's batches
  // were collected as it went) still holds the grown heap, which a full collection gives back.
  const sizes = () => {
    const heap = v8.getHeapStatistics();
    return heap.used_heap_size + heap.total_heap_size;
  };
  let collected = sizes();
  let before = performance.eventLoopUtilization();
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    const busy = performance.eventLoopUtilization(now, before).utilization;
    before = now;
    if (busy >= IDLE_UTILIZATION || sizes() - collected < growthBytes) return;
    gc();
    collected = sizes();
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
