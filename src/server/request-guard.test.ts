import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { guardRequests } from "./request-guard";

let listener: (req: http.IncomingMessage, res: http.ServerResponse) => unknown = () => undefined;
const server = http.createServer(guardRequests((req, res) => listener(req, res), "a test server"));
let origin: string;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe("a guarded request listener", () => {
  it("answers 500 for an error thrown at once, logs one line without the error's words, and serves on", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    listener = () => {
      throw new TypeError("secret detail from /some/path");
    };
    const failed = await fetch(`${origin}/a`);
    expect(failed.status).toBe(500);
    expect(failed.headers.get("cache-control")).toContain("no-store");
    expect(logged).toHaveBeenCalledExactlyOnceWith("Unexpected error in a test server: TypeError");
    logged.mockRestore();
    listener = (_req, res) => res.end("fine");
    expect(await (await fetch(`${origin}/b`)).text()).toBe("fine");
  });

  it("answers 500 for a promise the listener returns that rejects", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    listener = async () => {
      await Promise.resolve();
      throw new Error("later");
    };
    expect((await fetch(`${origin}/c`)).status).toBe(500);
    expect(logged).toHaveBeenCalledOnce();
    logged.mockRestore();
  });

  it("closes the connection of an answer that failed halfway, so it cannot pass for whole", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    listener = async (_req, res) => {
      res.writeHead(200, { "Content-Length": "100" });
      res.write("the first part");
      await Promise.resolve();
      throw new Error("mid-answer");
    };
    const response = await fetch(`${origin}/d`);
    expect(response.status).toBe(200);
    await expect(response.text()).rejects.toThrow();
    logged.mockRestore();
  });
});
