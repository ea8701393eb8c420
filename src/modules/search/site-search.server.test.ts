import { afterAll, beforeAll, expect, it } from "vitest";
import type { DbHandle } from "../../../db/client.ts";
import { insertPost, insertVideo } from "../../../tests/factories.ts";
import { createTestDb } from "../../../tests/setup/test-db.ts";
import { FIRST_PAGE } from "@/lib/paging";
import { searchSite } from "./site-search.server";

let handle: DbHandle;

beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => {
  await handle.close();
});

it("finds posts and videos, each card showing where the term is in the words a reader reads, never in markup", async () => {
  const db = handle.db;
  await insertPost(db, {
    title: "Morning",
    excerpt: "Nothing much happened.",
    format: "markdown",
    content: "The **kettle** took [its time](https://example.com/kettle).[^1]\n\n[^1]: A watched one.",
  });
  await insertPost(db, { title: "A Kettle, Plain", excerpt: "It boils.", content: "Then the kettle boils." });
  await insertVideo(db, { title: "Steam", description: "A kettle, filmed from the side." });

  const found = await searchSite(db, "kettle", FIRST_PAGE);

  // The title's match first, and each card's snippet marks the word where the card has it.
  expect(found.posts.total).toBe(2);
  expect(found.posts.items.map((post) => [post.title, post.snippet])).toEqual([
    [
      "A Kettle, Plain",
      [
        { text: "Then the ", match: false },
        { text: "kettle", match: true },
        { text: " boils.", match: false },
      ],
    ],
    [
      "Morning",
      [
        { text: "The ", match: false },
        { text: "kettle", match: true },
        { text: " took its time.1 A watched one.", match: false },
      ],
    ],
  ]);
  expect(found.videos.total).toBe(1);
  expect(found.videos.items.map((video) => [video.title, video.snippet?.find((part) => part.match)?.text])).toEqual([
    ["Steam", "kettle"],
  ]);
});
