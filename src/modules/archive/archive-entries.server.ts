import { createReadStream } from "node:fs";
import { PassThrough } from "node:stream";
import { captionsBeside } from "@/modules/uploads/captions";
import type { ObjectStore } from "@/modules/uploads/object-store.server";
import { archivePaths, JSON_LINES_FILES, README_PATH } from "./archive-format";
import { ARCHIVE_README } from "./archive-readme";
import { jsonFile, postMarkdown, videoMarkdown } from "./item-files";
import type { Snapshot } from "./snapshot.server";
import { groupsBy, spooledLines, spooledRows } from "./spool.server";
import { uploadKeysIn } from "./upload-refs";
import type { ZipEntry } from "./zip-writer.server";

const text = (path: string, content: string): ZipEntry => ({
  path,
  compress: true,
  open: () => new PassThrough().end(Buffer.from(content)),
});

/** The spool file of a part the snapshot read. */
function spoolOf(snapshot: Snapshot, part: string): string {
  const file = snapshot.files.get(part);
  if (!file) throw new Error(`The snapshot did not read ${part}`);
  return file;
}

async function* posts(snapshot: Snapshot): AsyncGenerator<ZipEntry> {
  const galleries = groupsBy(spooledRows(spoolOf(snapshot, "post_images")), "post_id");
  try {
    for await (const post of spooledRows(spoolOf(snapshot, "posts"))) {
      yield text(archivePaths.post(String(post.slug)), postMarkdown(post, await galleries.take(post.id)));
    }
  } finally {
    await galleries.close();
  }
}

async function* videos(snapshot: Snapshot): AsyncGenerator<ZipEntry> {
  for await (const video of spooledRows(spoolOf(snapshot, "videos"))) {
    yield text(archivePaths.video(String(video.slug)), videoMarkdown(video));
  }
}

async function* themes(snapshot: Snapshot): AsyncGenerator<ZipEntry> {
  for await (const theme of spooledRows(spoolOf(snapshot, "css_themes"))) {
    yield text(archivePaths.theme(Number(theme.id), String(theme.name)), jsonFile(theme));
  }
}

async function* layouts(snapshot: Snapshot): AsyncGenerator<ZipEntry> {
  const history = groupsBy(spooledRows(spoolOf(snapshot, "layout_versions")), "layout_id");
  try {
    for await (const layout of spooledRows(spoolOf(snapshot, "page_layouts"))) {
      const versions = await history.take(layout.id);
      yield text(archivePaths.layout(Number(layout.id), String(layout.page_name)), jsonFile({ ...layout, versions }));
    }
  } finally {
    await history.close();
  }
}

/**
 * Every stored file the archived rows name, each once, in key order; and the captions a
 * video's page finds stored beside it (as the sample videos have), which no row names and
 * which may not be there.
 */
async function namedUploads(snapshot: Snapshot): Promise<{ keys: string[]; beside: Set<string> }> {
  const keys = new Set<string>();
  for (const file of snapshot.files.values()) {
    for await (const line of spooledLines(file)) for (const key of uploadKeysIn(line)) keys.add(key);
  }
  const beside = new Set<string>();
  for await (const video of spooledRows(spoolOf(snapshot, "videos"))) {
    const url = captionsBeside(String(video.video_url));
    const [key] = url ? uploadKeysIn(url) : [];
    if (key && !keys.has(key)) beside.add(key);
  }
  return { keys: [...keys, ...beside].sort(), beside };
}

// Media are compressed already; text is not.
const TEXT_FILE = /\.(vtt|svg|txt|json|css|md)$/;

/** Each named upload the store holds, read from the store when its turn comes; `missing` gets the rest. */
async function* uploads(snapshot: Snapshot, store: ObjectStore, missing: string[]): AsyncGenerator<ZipEntry> {
  const { keys, beside } = await namedUploads(snapshot);
  for (const key of keys) {
    const size = await store.size(key);
    if (size === null) {
      if (!beside.has(key)) missing.push(`/uploads/${key}`);
      continue;
    }
    yield {
      path: archivePaths.upload(key),
      compress: TEXT_FILE.test(key),
      size,
      async open() {
        const object = await store.stream(key);
        // Files under a key never change and the site deletes none it has checked.
        if (!object) throw new Error(`/uploads/${key} went from the store while it was archived`);
        return object.body;
      },
    };
  }
}

/**
 * Every file of the archive but the manifest, in the order written: the note, posts,
 * videos, themes, layouts, the tables kept as JSON Lines (the personal ones only when the
 * snapshot read them), then the uploads the rows name. Each is made from the snapshot's
 * files as its turn comes, one row or one group in memory at a time.
 */
export async function* archiveEntries(snapshot: Snapshot, store: ObjectStore, missing: string[]) {
  yield text(README_PATH, ARCHIVE_README);
  yield* posts(snapshot);
  yield* videos(snapshot);
  yield* themes(snapshot);
  yield* layouts(snapshot);
  for (const [part, path] of Object.entries(JSON_LINES_FILES)) {
    const file = snapshot.files.get(part);
    if (file) yield { path, compress: true, open: () => createReadStream(file) } satisfies ZipEntry;
  }
  yield* uploads(snapshot, store, missing);
}
