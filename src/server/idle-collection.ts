import { performance, type EventLoopUtilization } from "node:perf_hooks";
import v8 from "node:v8";
import { v8Collector } from "../lib/v8-collector.server.ts";

// V8 collects garbage when a thread allocates, never because it stopped: after a burst of
// requests a thread can sit idle for hours holding a young generation grown to 128 MB and an
// old one full of what the burst left (over 200 MB measured after 20,000 made-up URLs). Node
// offers no idle-time collection, so each thread asks for one itself once it goes quiet.

/** How often a thread looks at itself; a look costs microseconds. */
const CHECK_EVERY_MS = 5_000;
/** The share of a check's interval the event loop may have been busy and still be idle. */
export const IDLE_BELOW = 0.02;
/** Heap growth since the last collection that makes one worth its time (tens of ms). */
export const WORTH_COLLECTING_BYTES = 16 * 1024 * 1024;

interface HeapSample {
  /** How busy the event loop was since the last look, 0 to 1. */
  utilization: number;
  /** The heap V8 has taken from the system, used or not. */
  heapBytes: number;
}

/**
 * Whether to collect now: the thread was idle through a whole interval, and its heap has
 * grown since the last collection by more than a collection would cost to find out.
 * @example worthCollecting({ utilization: 0.001, heapBytes: 200e6 }, 60e6) // true
 */
export function worthCollecting(sample: HeapSample, heapAfterLastCollection: number): boolean {
  return sample.utilization < IDLE_BELOW && sample.heapBytes - heapAfterLastCollection > WORTH_COLLECTING_BYTES;
}

const heapBytes = () => v8.getHeapStatistics().total_heap_size;

/**
 * In the calling thread, from now on: every `everyMs`, if the thread was idle since the last
 * look and its heap has grown, collect all garbage and hand the memory back. A busy thread is
 * never interrupted. Returns a stop.
 */
export function collectWhenIdle(everyMs = CHECK_EVERY_MS): () => void {
  const collect = v8Collector();
  let last: EventLoopUtilization = performance.eventLoopUtilization();
  let baseline = heapBytes();
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    const sample = { utilization: performance.eventLoopUtilization(now, last).utilization, heapBytes: heapBytes() };
    last = now;
    // What V8 gave back on its own counts too, or growth from there would go unnoticed.
    baseline = Math.min(baseline, sample.heapBytes);
    if (!worthCollecting(sample, baseline)) return;
    collect({ type: "major", execution: "sync", flavor: "last-resort" });
    baseline = heapBytes();
    // The collection's own time is not the thread's work.
    last = performance.eventLoopUtilization();
  }, everyMs);
  timer.unref();
  return () => {
    clearInterval(timer);
  };
}
