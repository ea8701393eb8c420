import { AsyncLocalStorage } from "node:async_hooks";
import type { Readable, Writable } from "node:stream";

// The response each request writes to, so a streamed body can wait for it. Astro's node
// adapter copies a Response's body to the socket without waiting when `write()` says the
// socket is full (`writeResponse` in astro/dist/core/app/node.js), so a slow client's
// download would pile up in memory, all of it for a large file; a body read through
// `pacedBody` is read only as fast as the response drains.
const responses = new AsyncLocalStorage<Writable>();

/** Run a request's handler knowing the response it writes to (the site worker's listener does). */
export const withResponse = <T>(response: Writable, handle: () => T): T => responses.run(response, handle);

/** Resolves once the current request's response can take more bytes, or has closed; at once outside a request. */
function drained(): Promise<void> {
  const response = responses.getStore();
  if (!response?.writableNeedDrain || response.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      response.off("drain", done);
      response.off("close", done);
      resolve();
    };
    response.on("drain", done);
    response.on("close", done);
  });
}

/**
 * `source` as a Response's body, each chunk read only once the response has taken the one
 * before, so memory holds a few chunks however large the body and however slow the client.
 * A client that goes away cancels the body: `onCancel` is told (it should let go of
 * `source`; destroying it is the default). The body ends once `source` has and `released`
 * has settled: a client that has the whole body finds whatever made it let go.
 * @example new Response(pacedBody(zip.stream, () => zip.stop(), zip.done))
 */
export function pacedBody(
  source: Readable,
  onCancel: () => void = () => void source.destroy(),
  released: Promise<unknown> = Promise.resolve(),
): ReadableStream<Uint8Array> {
  const chunks = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        await drained();
        const next = await chunks.next();
        if (next.done) {
          await released;
          controller.close();
        } else controller.enqueue(new Uint8Array(next.value.buffer, next.value.byteOffset, next.value.byteLength));
      },
      cancel() {
        onCancel();
      },
    },
    // Nothing read ahead of what the response asks for.
    { highWaterMark: 0 },
  );
}
