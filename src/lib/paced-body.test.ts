import { Readable, Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { pacedBody, withResponse } from "./paced-body";

const CHUNK = 64 * 1024;
const CHUNKS = 100;

/** A source of CHUNKS chunks, counting how many have been read from it. */
function source() {
  const read = { count: 0 };
  const stream = Readable.from(
    (function* () {
      for (let i = 0; i < CHUNKS; i++) {
        read.count += 1;
        yield Buffer.alloc(CHUNK, i % 256);
      }
    })(),
    { objectMode: false },
  );
  return { stream, read };
}

/**
 * A client's connection that takes a write only when the test says (`take`): what the
 * response holds meanwhile is what memory holds.
 */
function slowResponse() {
  const pending: (() => void)[] = [];
  let received = 0;
  let most = 0;
  const response = new Writable({
    highWaterMark: 16 * 1024,
    write(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      pending.push(done);
    },
  });
  const write = response.write.bind(response);
  response.write = ((chunk: Buffer) => {
    const ok = write(chunk);
    most = Math.max(most, response.writableLength);
    return ok;
  }) as typeof response.write;
  return {
    response,
    take: () => pending.shift()?.(),
    received: () => received,
    most: () => most,
  };
}

/** What Astro's node adapter does with a Response's body: write each chunk, never waiting for the socket. */
async function writeLikeAstro(body: ReadableStream<Uint8Array>, response: Writable): Promise<void> {
  const reader = body.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) response.write(next.value);
  response.end();
}

describe("pacedBody", () => {
  it("reads the source only as fast as a slow client takes it, so a response holds a few chunks at most", async () => {
    const { stream } = source();
    const client = slowResponse();
    const writing = withResponse(client.response, () => writeLikeAstro(pacedBody(stream), client.response));
    const state = { finished: false };
    void writing.then(() => (state.finished = true));
    while (!state.finished) {
      client.take();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(client.received()).toBe(CHUNK * CHUNKS);
    expect(client.most()).toBeLessThanOrEqual(2 * CHUNK);
  });

  it("tells its owner when the client goes away, having read no further", async () => {
    const { stream, read } = source();
    let cancelled = false;
    const reader = pacedBody(stream, () => {
      cancelled = true;
    }).getReader();
    await reader.read();
    await reader.cancel();
    expect(cancelled).toBe(true);
    expect(read.count).toBeLessThan(CHUNKS);
  });

  it("ends the body only once what made it has let go, so a client holding all of it finds that done", async () => {
    let letGo = (): void => undefined;
    const released = new Promise<void>((resolve) => (letGo = resolve));
    const reader = pacedBody(Readable.from([Buffer.from("zip")]), undefined, released).getReader();
    expect(Buffer.from((await reader.read()).value ?? [])).toEqual(Buffer.from("zip"));
    const order: string[] = [];
    const end = reader.read().then(({ done }) => order.push(`end ${String(done)}`));
    // The source has ended: only the release holds the body open now.
    await new Promise((resolve) => setImmediate(resolve));
    order.push("let go");
    letGo();
    await end;
    expect(order).toEqual(["let go", "end true"]);
  });

  it("destroys the source itself when no owner is told", async () => {
    const { stream } = source();
    const reader = pacedBody(stream).getReader();
    await reader.read();
    await reader.cancel();
    expect(stream.destroyed).toBe(true);
  });
});
