import v8 from "node:v8";
import vm from "node:vm";

export type CollectOptions =
  | { type: "minor" }
  | {
      type: "major";
      execution: "sync";
      /** "last-resort" also shrinks the young generation and returns emptied pages to the system. */
      flavor: "last-resort";
    };

let collector: ((options: CollectOptions) => void) | undefined;

/**
 * V8's own collector, without starting the process with `--expose-gc`. The flag exposes `gc`
 * only to contexts made after it is set, so a fresh context is made to take it from; the
 * contexts there are already (the site's own) have none. The flag is process-wide and every
 * thread sets it: it is never unset, since one thread unsetting it while another makes its
 * context would leave that one without `gc`. The function collects the calling thread's heap.
 */
export function v8Collector(): (options: CollectOptions) => void {
  if (collector) return collector;
  v8.setFlagsFromString("--expose-gc");
  collector = vm.runInNewContext("gc") as (options: CollectOptions) => void;
  return collector;
}
