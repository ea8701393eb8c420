import { once } from "node:events";
import { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";
import { IDLE_BELOW, WORTH_COLLECTING_BYTES, worthCollecting } from "./idle-collection";

const MB = 1024 * 1024;

describe("worthCollecting", () => {
  it("collects an idle thread whose heap has grown", () => {
    expect(worthCollecting({ utilization: 0, heapBytes: 300 * MB }, 60 * MB)).toBe(true);
  });

  it("never interrupts a busy thread, however large its heap", () => {
    expect(worthCollecting({ utilization: IDLE_BELOW, heapBytes: 900 * MB }, 60 * MB)).toBe(false);
  });

  it("leaves a heap alone that has not grown enough to give anything back", () => {
    expect(worthCollecting({ utilization: 0, heapBytes: 60 * MB + WORTH_COLLECTING_BYTES }, 60 * MB)).toBe(false);
  });
});

// A thread of its own, as the front server and the site worker are: it leaves a burst's
// garbage behind, goes quiet, and reports its heap as it waits.
const burstThenIdle = (collect: boolean) => `
  const { parentPort } = require("node:worker_threads");
  const v8 = require("node:v8");
  (async () => {
    if (${String(collect)}) {
      const { collectWhenIdle } = await import(${JSON.stringify(new URL("./idle-collection.ts", import.meta.url).href)});
      collectWhenIdle(20);
    }
    let survivors = [];
    let kept = [];
    for (let i = 0; i < 2e6; i++) {
      survivors.push({ i, text: "request " + i });
      if (survivors.length === 100000) { kept.push(survivors); survivors = []; }
    }
    kept = [];
    parentPort.postMessage(v8.getHeapStatistics().total_heap_size);
    setInterval(() => parentPort.postMessage(v8.getHeapStatistics().total_heap_size), 20);
  })();
`;

/**
 * Start a thread that makes a burst and goes quiet; `until` sees its heap after the burst
 * and each report while it waits, and ends the wait by returning true.
 */
async function watchHeap(collect: boolean, until: (burst: number, heap: number) => boolean) {
  const worker = new Worker(burstThenIdle(collect), { eval: true });
  const [burst] = (await once(worker, "message")) as [number];
  let heap = burst;
  await new Promise<void>((resolve) => {
    worker.on("message", (reported: number) => {
      heap = reported;
      if (until(burst, heap)) resolve();
    });
  });
  await worker.terminate();
  return { burst, heap };
}

describe("collectWhenIdle", () => {
  it("hands back what a burst left once the thread goes quiet", async () => {
    const { burst, heap } = await watchHeap(true, (burst, heap) => heap < burst - 80 * MB);
    expect(burst).toBeGreaterThan(100 * MB);
    expect(heap).toBeLessThan(burst - 80 * MB);
  });

  it("is what makes the difference: left alone, V8 keeps much of the heap the burst grew", async () => {
    // Twenty checks' worth of quiet (the collecting thread looks every 20 ms). V8 finishes
    // the collection it had under way when the burst ended (about 300 MB down to 140 MB),
    // then keeps the rest for as long as the thread allocates nothing; collected, it is 10 MB.
    const quietUntil = performance.now() + 400;
    const { burst, heap } = await watchHeap(false, () => performance.now() > quietUntil);
    expect(burst).toBeGreaterThan(200 * MB);
    expect(heap).toBeGreaterThan(100 * MB);
  });
});
