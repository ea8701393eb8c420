import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Db } from "../../db/client.ts";
import {
  analyticsPages,
  analyticsSources,
  appState,
  newsletterDeliveries,
  newsletterIssues,
  newsletterSubscribers,
  postImages,
} from "../../db/schema/index.ts";
import { ensureSigningKeys } from "../../src/lib/signing.server.ts";
import { createLayout, saveLayout, setPublishedVersion } from "../../src/modules/page-layouts/layouts.server.ts";
import type { LayoutElement } from "../../src/modules/page-layouts/schema.ts";
import { createPost, updatePost } from "../../src/modules/posts/post-writes.server.ts";
import { saveTheme } from "../../src/modules/themes/themes.server.ts";
import type { ObjectStore } from "../../src/modules/uploads/object-store.server.ts";
import { createVideo } from "../../src/modules/videos/video-writes.server.ts";
import { samplePost, sampleVideo } from "./sample-items.ts";

/** The uploads the site's rows name, with bytes of their own: a key each, and its contents. */
export const SITE_UPLOADS: Record<string, Uint8Array> = {
  "images/cover.webp": Uint8Array.from({ length: 4000 }, (_, i) => (i * 31) % 256),
  "images/first.webp": Uint8Array.from({ length: 3000 }, (_, i) => (i * 17) % 256),
  "images/second.webp": Uint8Array.from({ length: 2000 }, (_, i) => (i * 13) % 256),
  "images/in-body.webp": Uint8Array.from({ length: 1500 }, (_, i) => (i * 11) % 256),
  "images/old-cover.webp": Uint8Array.from({ length: 1200 }, (_, i) => (i * 7) % 256),
  "images/poster.webp": Uint8Array.from({ length: 2500 }, (_, i) => (i * 5) % 256),
  "images/backdrop.webp": Uint8Array.from({ length: 900 }, (_, i) => (i * 3) % 256),
  "images/layout.webp": Uint8Array.from({ length: 800 }, (_, i) => (i * 23) % 256),
  "videos/kettle.mp4": Uint8Array.from({ length: 200_000 }, (_, i) => (i * 29) % 256),
  "captions/kettle.vtt": new TextEncoder().encode("WEBVTT\n\n00:00.000 --> 00:02.000\nIt does not boil.\n"),
  // Captions stored beside the video, as the sample videos have them: no row names them.
  "videos/kettle.vtt": new TextEncoder().encode("WEBVTT\n\n00:00.000 --> 00:02.000\nStill not boiling.\n"),
};

/** A gallery image no store holds: the archive lists it as missing. */
export const MISSING_UPLOAD = "/uploads/images/gone.webp";

/** An element of the home page's design, with an uploaded image. */
const layoutImage = (y: number): LayoutElement => ({
  id: `image-${String(y)}`,
  type: "image",
  x: 40,
  y,
  width: 300,
  height: 200,
  content: "/uploads/images/layout.webp",
  alt: "A grey sky over a car park",
  styles: {},
});

/** Put every upload of `SITE_UPLOADS` into `store`. */
export async function putSiteUploads(store: ObjectStore): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "meh-archive-uploads-"));
  try {
    for (const [key, bytes] of Object.entries(SITE_UPLOADS)) {
      const file = path.join(dir, "upload");
      await writeFile(file, bytes);
      await store.put(key, file, "application/octet-stream");
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * A site with one of everything an archive carries, written through the site's own services
 * where they keep history: a Markdown essay with a gallery (and an image in its body), saved
 * twice; a plain post; a draft and a scheduled post; a video with captions and a draft one;
 * two theme saves; a home layout with two versions, the first published; readers (confirmed,
 * pending, unsubscribed), an issue with its ledger; analytics totals; the signing keys.
 */
export async function fillArchiveSite(db: Db, authorId: number): Promise<void> {
  const by = { authorId };
  const essay = await createPost(
    db,
    samplePost({
      title: "On Kettles",
      format: "markdown",
      content: "## Before\n\nIt sat there.[^1]\n\n![Steam, none](/uploads/images/in-body.webp)\n\n[^1]: Cold.",
      imageUrl: "/uploads/images/old-cover.webp",
      imageAlt: "A kettle, off",
    }),
    by,
  );
  await updatePost(
    db,
    essay.id,
    samplePost({
      title: "On Kettles",
      format: "markdown",
      content: "## Before\n\nIt sat there.[^1]\n\n![Steam, none](/uploads/images/in-body.webp)\n\n[^1]: Still cold.",
      imageUrl: "/uploads/images/cover.webp",
      imageAlt: "A kettle, still off",
      images: [
        { imageUrl: "/uploads/images/first.webp", description: "The switch", caption: "Off." },
        { imageUrl: "/uploads/images/second.webp", description: "The plug", caption: "Out." },
      ],
    }),
    by,
  );
  await db
    .insert(postImages)
    .values({ postId: essay.id, imageUrl: MISSING_UPLOAD, description: "Gone", displayOrder: 9 });
  await createPost(db, samplePost({ title: "Plain Words", content: "One line.\nAnother line." }), by);
  await createPost(db, samplePost({ title: "Not Yet", status: "draft" }), by);
  const later = new Date(Date.now() + 86_400_000).toISOString();
  await createPost(db, samplePost({ title: "Tomorrow, Perhaps", status: "scheduled", publishedAt: later }), by);
  await createVideo(
    db,
    sampleVideo({
      title: "The Kettle Does Not Boil",
      videoUrl: "/uploads/videos/kettle.mp4",
      thumbnailUrl: "/uploads/images/poster.webp",
      captionsUrl: "/uploads/captions/kettle.vtt",
    }),
    by,
  );
  await createVideo(
    db,
    sampleVideo({
      title: "Unfinished Footage",
      status: "draft",
      videoUrl: "/uploads/videos/kettle.mp4",
      thumbnailUrl: "/uploads/images/poster.webp",
    }),
    by,
  );
  await saveTheme(db, { cssContent: ":root { --color-accent: #777777; }", name: "Grey" }, authorId);
  await saveTheme(
    db,
    { cssContent: "body { background: url(/uploads/images/backdrop.webp); }", name: "Backdrop" },
    authorId,
  );
  const layout = await createLayout(db, { pageName: "home", pageType: "page", elements: [layoutImage(40)] }, authorId);
  await saveLayout(db, layout.id, { elements: [layoutImage(80)], changeDescription: "Moved down" }, authorId);
  const [first] = await db.query.layoutVersions.findMany({ where: (v, { eq }) => eq(v.layoutId, layout.id) });
  if (first) await setPublishedVersion(db, layout.id, first.id);
  const readers = await db
    .insert(newsletterSubscribers)
    .values([
      { email: "ada@example.com", status: "active", confirmedAt: new Date("2026-01-02T03:04:05.678Z") },
      { email: "bo@example.com", status: "active", confirmedAt: new Date("2026-02-03T04:05:06.789Z") },
      { email: "cy@example.com", status: "pending" },
      { email: "di@example.com", status: "unsubscribed", unsubscribedAt: new Date("2026-03-01T00:00:00Z") },
    ])
    .returning();
  const [issue] = await db
    .insert(newsletterIssues)
    .values({ subject: "Things, noticed", status: "sent", postIds: [essay.id], finishedAt: new Date() })
    .returning();
  for (const reader of readers.filter((r) => r.status === "active")) {
    await db.insert(newsletterDeliveries).values({
      issueId: issue?.id ?? 0,
      subscriberId: reader.id,
      email: reader.email,
      status: "sent",
      attempts: 1,
      response: "250 OK",
      sentAt: new Date(),
    });
  }
  await db.insert(analyticsPages).values([
    { day: "2026-11-01", path: "", views: 12, visitors: 5, reads: 2 },
    { day: "2026-11-01", path: "/post/on-kettles", views: 9, visitors: 4, reads: 2 },
    { day: "2026-11-02", path: "", views: 3, visitors: 2, reads: 0, turnedAway: 40 },
  ]);
  await db.insert(analyticsSources).values([
    { day: "2026-11-01", kind: "referrer", name: "example.org", visits: 3 },
    { day: "2026-11-01", kind: "tag", name: "newsletter-1", visits: 2 },
  ]);
  await db
    .insert(appState)
    .values({ key: "newsletterDigest", value: { dayOfMonth: 15 } })
    .onConflictDoNothing();
  await ensureSigningKeys(db);
}
