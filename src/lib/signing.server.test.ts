import { afterAll, beforeAll, expect, it } from "vitest";
import type { DbHandle } from "../../db/client.ts";
import { appState } from "../../db/schema/index.ts";
import { createTestDb } from "../../tests/setup/test-db.ts";
import { countWrites } from "../../tests/setup/write-counter.ts";
import { ensureSigningKeys, isSignedBy, sign } from "./signing.server";

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

it("makes every key at start, once, after which signing and checking write nothing", async () => {
  const signature = await sign(handle.db, "uploadSigningKey", "data");
  const rowsWritten = await countWrites(handle);
  await ensureSigningKeys(handle.db);
  const keys = await handle.db.select({ key: appState.key }).from(appState);
  expect(keys.map(({ key }) => key)).toEqual(
    expect.arrayContaining(["uploadSigningKey", "deviceCookieKey", "newsletterLinkKey"]),
  );
  const made = await rowsWritten();
  await ensureSigningKeys(handle.db);
  expect(await sign(handle.db, "uploadSigningKey", "data")).toBe(signature);
  await sign(handle.db, "newsletterLinkKey", "data");
  expect(await isSignedBy(handle.db, "deviceCookieKey", "data", signature)).toBe(false);
  expect(await rowsWritten()).toBe(made);
});
