import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callEndpoint, endpoints } from "../../../tests/api-routes.ts";
import { present } from "../../../tests/setup/present.ts";
import { adminSite } from "../../../tests/setup/admin-site.ts";
import { sampleVideo } from "../../../tests/setup/sample-items.ts";
import { changeOf, tag } from "@/modules/publishing/content-tags";
import { LocalStore } from "@/modules/uploads/local-store.server";
import { useObjectStore } from "@/modules/uploads/site-objects.server";
import { createVideo } from "@/modules/videos/video-writes.server";
import { bodyMedia } from "./body-media.server";

const site = adminSite();
let uploads: string;

beforeAll(async () => {
  uploads = await mkdtemp(path.join(os.tmpdir(), "meh-embeds-"));
  const store = new LocalStore(uploads, site.handle.db);
  useObjectStore(store);
  // A photo taken on its side: stored 300 x 200, shown upright (EXIF orientation 6) as 200 x 300.
  const file = path.join(uploads, "side.jpg");
  await sharp({ create: { width: 300, height: 200, channels: 3, background: "#888" } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toFile(file);
  await store.put("images/side.jpg", file);
  await createVideo(site.handle.db, sampleVideo({ title: "The Kettle", status: "published" }));
  await createVideo(site.handle.db, sampleVideo({ title: "The Unfinished Queue", status: "draft" }));
});
afterAll(async () => {
  useObjectStore(undefined);
  await rm(uploads, { recursive: true, force: true });
});

/** Create or update a post through the API as the admin: the answer's status and JSON. */
async function save(body: Record<string, unknown>, id?: number) {
  const endpoint = present(
    endpoints.find((e) => e.method === (id ? "PUT" : "POST") && e.path === (id ? "/api/posts/[ref]" : "/api/posts")),
  );
  const response = await callEndpoint(endpoint, {
    user: site.admin,
    params: { ref: String(id ?? "") },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

const essay = (content: string, status?: string) => ({
  title: "An Essay With Pictures",
  excerpt: "There are pictures.",
  content: `Some words first.\n\n${content}`,
  format: "markdown",
  category: "Meh Moments",
  mehRating: 3,
  ...(status && { status }),
});
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString();

describe("publishing an essay", () => {
  it("refuses an image with no alt text, naming the field and the image; a draft keeps it", async () => {
    const body = "![](/uploads/images/side.jpg)";
    for (const status of [undefined, "published"]) {
      const refused = await save(essay(body, status));
      expect(refused.status).toBe(400);
      expect(refused.json).toMatchObject({ code: "invalid", field: "content" });
      expect(refused.json.error).toContain("/uploads/images/side.jpg");
    }
    const scheduled = await save({ ...essay(body, "scheduled"), publishedAt: tomorrow() });
    expect(scheduled.status).toBe(400);
    const draft = await save(essay(body, "draft"));
    expect(draft.status).toBe(201);
    // The draft cannot go out as it is, by publishing it or by an edit that leaves it out.
    expect((await save(essay(body, "published"), Number(draft.json.id))).status).toBe(400);
    expect((await save(essay('![""](/uploads/images/side.jpg)', "published"), Number(draft.json.id))).status).toBe(200);
    expect((await save(essay(body), Number(draft.json.id))).status).toBe(400);
  });

  it("refuses a video embed naming no video, or one not public, and names it", async () => {
    const unknown = await save(essay("::video[no-such-video]", "published"));
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({ field: "content" });
    expect(unknown.json.error).toContain('"no-such-video"');
    const unpublished = await save(essay("::video[the-unfinished-queue]", "published"));
    expect(unpublished.status).toBe(400);
    expect(unpublished.json.error).toContain('"the-unfinished-queue" is not published');
    expect((await save(essay("::video[the-unfinished-queue]", "draft"))).status).toBe(201);
    expect((await save(essay("::video[the-kettle]", "published"))).status).toBe(201);
  });

  it("takes a plain post as the spec's clients send it, whatever it says", async () => {
    const plain = await save({ ...essay("![](x) ::video[nothing]"), format: undefined });
    expect(plain.status).toBe(201);
  });
});

describe("bodyMedia", () => {
  it("reads the public videos a body embeds, and tags every video it names so their changes reach its page", async () => {
    const { media, tags } = await bodyMedia(site.handle.db, {
      format: "markdown",
      content: "::video[the-kettle]\n\n::video[the-unfinished-queue]\n\n::video[not-made-yet]",
    });
    expect([...(media.videos?.keys() ?? [])]).toEqual(["the-kettle"]);
    expect(media.videos?.get("the-kettle")).toMatchObject({
      title: "The Kettle",
      videoUrl: "/uploads/fan.mp4",
      posterUrl: "/uploads/fan.jpg",
      duration: 7,
    });
    expect(tags).toHaveLength(3);
    expect(tags).toContain(tag.videos);
    // A change to either named video is a change to the page: they share its tag.
    for (const videoTag of tags.filter((t) => t !== tag.videos)) {
      const id = Number(videoTag.split(":")[1]);
      expect(changeOf.video(id).tags).toContain(videoTag);
    }
  });

  it("reads the sizes of the uploads a body shows, upright, and none it does not have", async () => {
    const { media } = await bodyMedia(site.handle.db, {
      format: "markdown",
      content:
        "![a](/uploads/images/side.jpg)\n\n![b](/uploads/images/gone.jpg)\n\n![c](https://elsewhere.example/x.jpg)",
    });
    expect(media.images).toEqual(new Map([["/uploads/images/side.jpg", { width: 200, height: 300 }]]));
  });

  it("reads nothing for a plain body or one that shows nothing from outside", async () => {
    expect(await bodyMedia(site.handle.db, { format: "plain", content: "::video[the-kettle]" })).toEqual({
      media: {},
      tags: [],
    });
    expect(await bodyMedia(site.handle.db, { format: "markdown", content: "Just words." })).toEqual({
      media: {},
      tags: [],
    });
  });
});
