import { v8Collector } from "./v8-collector.server.ts";

/**
 * A stream of a large file makes a fresh buffer for every read (64 KB from disk), freed
 * only when V8 collects the small object that holds it. V8 collects at its heap's pace, not
 * these buffers': it lets about 64 MB of them wait outside the heap before it looks, so
 * streaming a gigabyte held 50 to 60 MB it no longer needed. A young-generation collection
 * (about a millisecond) every few megabytes read frees them as they are done with.
 */
export const COLLECT_EVERY_BYTES = 16 * 1024 ** 2;

const youngCollection = () => {
  v8Collector()({ type: "minor" });
};

/** Counts the bytes passed to it and asks for a collection each time they cross a multiple of `every`. */
export function bufferCollector(every = COLLECT_EVERY_BYTES, collect = youngCollection): (bytes: number) => void {
  let counted = 0;
  return (bytes) => {
    const before = counted;
    counted += bytes;
    if (Math.floor(counted / every) > Math.floor(before / every)) collect();
  };
}
