import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { APIContext } from "astro";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { DbHandle } from "../../../db/client.ts";
import { videos } from "../../../db/schema/index.ts";
import { insertVideo } from "../../../tests/factories.ts";
import { sampleVideo } from "../../../tests/setup/sample-items.ts";
import { createTestDb } from "../../../tests/setup/test-db.ts";
import { useDatabase } from "@/lib/site-database.server";
import { GET as searchRoute } from "@/pages/api/videos/search";
import { LocalStore } from "@/modules/uploads/local-store.server";
import { useObjectStore } from "@/modules/uploads/site-objects.server";
import { createVideo, updateVideo } from "./video-writes.server";
import { fillTranscripts } from "./video-transcripts.server";

// A word said only in a video's captions finds the video through the site's search, and the
// result says when it is said, for the card to link to that moment.
const KETTLE_VTT = `WEBVTT

00:00:00.000 --> 00:00:01.000
Kettle on.

00:00:01.000 --> 00:00:04.000
The kitchen is quiet.

00:12:34.500 --> 00:12:38.000
<v Narrator>Then the kettle <i>finally</i> whistles.

00:12:40.000 --> 00:12:44.000
Nobody pours the water.
`;

let handle: DbHandle;
let root: string;

/** A search of the videos as a visitor's browser makes it, each result as its card. */
async function search(term: string) {
  const url = new URL(`/api/videos/search?q=${encodeURIComponent(term)}&view=card`, "http://site.test");
  const context = { request: new Request(url), url, params: {}, locals: { user: null }, clientAddress: "192.0.2.30" };
  const res = await searchRoute(context as unknown as APIContext);
  expect(res.status).toBe(200);
  return { items: (await res.json()) as { title: string; moment?: { start: number; snippet: unknown } }[] };
}

beforeAll(async () => {
  handle = await createTestDb();
  useDatabase(handle);
  root = await mkdtemp(path.join(os.tmpdir(), "meh-transcripts-"));
  await mkdir(path.join(root, "captions"));
  await writeFile(path.join(root, "captions", "kettle.vtt"), KETTLE_VTT);
  useObjectStore(new LocalStore(root, handle.db));
});
afterAll(async () => {
  useObjectStore(undefined);
  await handle.close();
  await rm(root, { recursive: true, force: true });
});

it("finds a video by a word only its captions say, with the line and the second it is said at", async () => {
  const video = await createVideo(
    handle.db,
    sampleVideo({ title: "Kitchen, Morning", captionsUrl: "/uploads/captions/kettle.vtt" }),
  );
  await insertVideo(handle.db, { title: "A Kettle Sits", description: "It is not switched on." });

  const found = await search("whistling");
  expect(found.items.map((item) => item.title)).toEqual(["Kitchen, Morning"]);
  // Stemmed as the search stems it: "whistling" is the line that says "whistles", from 12:34.5.
  expect(found.items[0]?.moment).toEqual({
    start: 754,
    snippet: [
      { text: "Then the kettle finally ", match: false },
      { text: "whistles", match: true },
      { text: ".", match: false },
    ],
  });

  // A title match ranks first; the transcript's match still says where it is said.
  const kettle = await search("kettle");
  expect(kettle.items.map((item) => [item.title, item.moment?.start])).toEqual([
    ["A Kettle Sits", undefined],
    ["Kitchen, Morning", 0],
  ]);

  // Words said in different lines: the first line saying any of them; said in one line, that
  // line, though an earlier one says one of them.
  expect((await search("quiet water")).items[0]?.moment?.start).toBe(1);
  expect((await search("kettle whistles")).items[0]?.moment?.start).toBe(754);

  // Captions taken away: the words go with them.
  await updateVideo(handle.db, video.id, sampleVideo({ title: "Kitchen, Morning", captionsUrl: null }));
  expect((await search("whistling")).items).toEqual([]);
});

it("reads the captions of videos saved before transcripts were kept, once", async () => {
  await insertVideo(handle.db, { title: "Old Kettle Film", captionsUrl: "/uploads/captions/kettle.vtt" });
  const [none] = await handle.db.select({ id: videos.id }).from(videos).where(eq(videos.title, "A Kettle Sits"));
  expect((await search("pours")).items).toEqual([]);

  // Every unread one is read, the one without captions too (so it is not read again).
  expect(await fillTranscripts(handle.db)).toBeGreaterThanOrEqual(2);
  expect(await fillTranscripts(handle.db)).toBe(0);
  const [read] = await handle.db
    .select({ transcript: videos.transcript })
    .from(videos)
    .where(eq(videos.id, none?.id ?? 0));
  expect(read?.transcript).toEqual([]);
  expect((await search("pours")).items.map((item) => [item.title, item.moment?.start])).toEqual([
    ["Old Kettle Film", 760],
  ]);
});
