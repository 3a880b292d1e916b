/**
 * Memory given back once a burst is over. Under a burst of requests V8 grows its heap (measured:
 * 15 s of orders took the JavaScript heap from 50 to 211 MB), and once that garbage is collected
 * it keeps the freed pages in its own pool for the next burst. Its memory reducer returns them to
 * the system only when its sampled allocation rate reads low, and that sample is taken at
 * collections, which a quiet server does not make: a server on the embedded database was measured
 * holding 640 MB for two minutes after `npm run bench`'s rows, some 225 MB of it pooled, until V8's
 * own watchdog ran 100 s into the next load. So the server checks every few seconds: when it has been
 * quiet since the last check (its event loop busy under 5 % of the time) and its resident memory
 * stands 64 MB or more above what it held after the last release, it asks V8 for the collection it
 * makes before running out of memory, which compacts the heap and releases the pool. A loaded
 * server is never interrupted; an idle one pays one collection per burst, not one per check.
 */
import v8 from 'node:v8';
import vm from 'node:vm';
import { performance } from 'node:perf_hooks';
import { log } from '@/lib/server/log';

/** How often the server looks. */
export const CHECK_EVERY_MS = 5_000;
/** Below this share of the last interval busy, the server is quiet. */
export const QUIET_UTILIZATION = 0.05;
/** Growth of the resident memory, since the last release, worth a collection. */
export const WORTH_RELEASING_BYTES = 64 * 1024 * 1024;

export interface MemoryReading {
  /** The event loop's utilisation since the previous reading, 0–1. */
  utilization: number;
  /** Resident memory now, in bytes. */
  rss: number;
  /** Resident memory after the last release (or at start), in bytes. */
  baseline: number;
}

/** Whether to collect now: quiet, and grown by enough since the last release. Pure. */
export function shouldRelease({ utilization, rss, baseline }: MemoryReading): boolean {
  return utilization < QUIET_UTILIZATION && rss - baseline >= WORTH_RELEASING_BYTES;
}

type Collect = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;
let collect: Collect | undefined;

/**
 * V8's collection of everything it can free, pool included (`gc` with the last-resort flavour).
 * `gc` exists only in a context made after `--expose-gc` is set: one is made for it (as Jest's
 * leak detector gets its `gc`), so the app's own global scope never gains one and no start
 * command needs a flag.
 */
function collector(): Collect {
  if (!collect) {
    v8.setFlagsFromString('--expose-gc');
    collect = vm.runInNewContext('gc') as Collect;
  }
  return collect;
}

/** Collects everything V8 can free and returns its pooled pages to the system; the pause, in ms. */
export function releaseMemory(): number {
  const started = performance.now();
  collector()({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  return performance.now() - started;
}

/** Starts the checks; the timer never keeps the process alive. Returns a function that stops them. */
export function startMemoryRelease(): () => void {
  let baseline = process.memoryUsage.rss();
  let previous = performance.eventLoopUtilization();
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    const reading = {
      utilization: performance.eventLoopUtilization(now, previous).utilization,
      rss: process.memoryUsage.rss(),
      baseline,
    };
    previous = now;
    if (!shouldRelease(reading)) {
      // Memory given back by V8 itself lowers the mark, so the next burst is measured from there.
      baseline = Math.min(baseline, reading.rss);
      return;
    }
    const pauseMs = releaseMemory();
    baseline = process.memoryUsage.rss();
    log.info('memory released', {
      pauseMs: Math.round(pauseMs),
      beforeMb: Math.round(reading.rss / 2 ** 20),
      afterMb: Math.round(baseline / 2 ** 20),
    });
    previous = performance.eventLoopUtilization();
  }, CHECK_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
