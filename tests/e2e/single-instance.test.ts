import { spawn } from "node:child_process";
import { expect, test } from "@playwright/test";

test("a second server on the same data directory refuses to start, and the first keeps serving", async ({
  request,
}) => {
  const second = spawn("tsx", ["scripts/start.ts"], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, PORT: "0", HOST: "127.0.0.1" },
  });
  let stderr = "";
  second.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => second.on("exit", resolve));
  expect(code).toBe(1);
  expect(stderr).toContain("is in use by another running server");
  expect(stderr).toContain("different DATA_DIR");
  expect((await request.get("/api/posts")).status()).toBe(200);
});
