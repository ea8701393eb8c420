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
 * only to contexts made after it is set, so it is set just long enough to make one context
 * and take its `gc`, then unset: no other context (the site's code included) gets a global
 * `gc`. V8 flags are process-wide, and the function collects the heap of the thread that calls it.
 */
export function v8Collector(): (options: CollectOptions) => void {
  if (collector) return collector;
  v8.setFlagsFromString("--expose-gc");
  try {
    collector = vm.runInNewContext("gc") as (options: CollectOptions) => void;
    return collector;
  } finally {
    v8.setFlagsFromString("--no-expose-gc");
  }
}
