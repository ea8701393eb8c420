import { afterAll, beforeAll, expect, it } from "vitest";
import type { DbHandle } from "../../db/client.ts";
import { createTestDb } from "../../tests/setup/test-db.ts";
import { isSignedBy, sign } from "./signing.server";

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => {
  await handle.close();
});

it("accepts its own signature, and nothing changed, forged or signed for another purpose", async () => {
  const signature = await sign(handle.db, "deviceCookieKey", "data");
  expect(await sign(handle.db, "deviceCookieKey", "data")).toBe(signature);
  expect(await isSignedBy(handle.db, "deviceCookieKey", "data", signature)).toBe(true);
  expect(await isSignedBy(handle.db, "deviceCookieKey", "date", signature)).toBe(false);
  expect(await isSignedBy(handle.db, "deviceCookieKey", "data", signature.slice(1))).toBe(false);
  expect(await isSignedBy(handle.db, "deviceCookieKey", "data", `${signature.slice(1)}A`)).toBe(false);
  expect(await isSignedBy(handle.db, "uploadSigningKey", "data", signature)).toBe(false);
});
