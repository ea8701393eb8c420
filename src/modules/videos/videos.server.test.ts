import { afterAll, beforeAll, expect, it } from "vitest";
import type { DbHandle } from "../../../db/client.ts";
import { insertVideo } from "../../../tests/factories.ts";
import { createTestDb } from "../../../tests/setup/test-db.ts";
import { listVideos, recentVideos, RECENT_VIDEOS, relatedVideos, searchVideos, videoBySlug } from "./videos.server";

let handle: DbHandle;
const day = (d: number) => new Date(Date.UTC(2026, 0, d));

beforeAll(async () => {
  handle = await createTestDb();
  const { db } = handle;
  await insertVideo(db, { title: "The Kettle That Took Its Time", category: "Meh Moments", publishedAt: day(9) });
  await insertVideo(db, { title: "Ceiling Tiles, Ranked", category: "Waiting Room Diaries", publishedAt: day(8) });
  await insertVideo(db, { title: "The Queue Moves", category: "Waiting Room Diaries", publishedAt: day(7) });
  for (let d = 1; d <= 4; d++) {
    await insertVideo(db, {
      category: "Waiting Room Diaries",
      publishedAt: day(d),
      description: "A kettle appears briefly in the background.",
    });
  }
});
afterAll(async () => {
  await handle.close();
});

it("lists newest first and filters by category", async () => {
  expect(await listVideos(handle.db)).toHaveLength(7);
  const meh = await listVideos(handle.db, { category: "Meh Moments" });
  expect(meh.map((v) => v.title)).toEqual(["The Kettle That Took Its Time"]);
});

it("gives three recent videos", async () => {
  const recent = await recentVideos(handle.db);
  expect(recent).toHaveLength(RECENT_VIDEOS);
  expect(recent[0]?.title).toBe("The Kettle That Took Its Time");
});

it("relates up to three others of the same category, never the video itself", async () => {
  const tiles = await videoBySlug(handle.db, "ceiling-tiles-ranked");
  if (!tiles) throw new Error("seeded video missing");
  const related = await relatedVideos(handle.db, tiles);
  expect(related).toHaveLength(3);
  expect(related.every((v) => v.category === "Waiting Room Diaries" && v.id !== tiles.id)).toBe(true);
  expect(related[0]?.title).toBe("The Queue Moves");
});

it("searches title before description, and finds nothing for a blank term", async () => {
  const found = await searchVideos(handle.db, "kettle");
  expect(found.total).toBe(5);
  expect(found.items).toHaveLength(5);
  expect(found.items[0]?.title).toBe("The Kettle That Took Its Time");
  expect(await searchVideos(handle.db, "")).toEqual({ items: [], total: 0 });
});
