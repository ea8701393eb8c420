import { describe, expect, it } from "vitest";
import { ContentFollower } from "./content-follower.server";
import { readNotice } from "./content-notice";
import { tag } from "./content-tags";
import { PageStore } from "./page-store.server";
import { Publisher } from "./publisher.server";

/** A store holding a post's page and the videos listing, both rendered at version 10. */
async function follower(): Promise<{ pages: PageStore; follow: ContentFollower }> {
  const pages = new PageStore();
  const page = (tags: string[]) => ({ status: 200, headers: [], body: Buffer.from("p"), tags, maxAgeSeconds: 60 });
  await pages.put("/post/3", { ...page([tag.post(3)]), contentVersion: 10 }, pages.epoch());
  await pages.put("/videos", { ...page([tag.videos]), contentVersion: 10 }, pages.epoch());
  return { pages, follow: new ContentFollower(new Publisher(pages), "me", 10) };
}

const notice = (text: object) => {
  const read = readNotice(JSON.stringify(text));
  if (!read) throw new Error("not a notice");
  return read;
};

describe("readNotice", () => {
  it("reads the rows a change names as the tags of their pages, and nothing of a stranger's payload", () => {
    expect(notice({ origin: null, version: 8, table: "posts", keys: ["3", "4"] })).toEqual({
      origin: null,
      version: 8,
      change: { tags: ["posts", "post:3", "post:4"] },
    });
    expect(notice({ origin: "a", version: 9, table: "page_layouts", keys: ["home"] }).change).toEqual({
      tags: ["layout:home"],
    });
    // A truncate names no rows.
    expect(notice({ origin: null, version: 9, table: "videos", keys: null }).change).toBeNull();
    expect(readNotice('{"version":"9","table":"users"}')).toBeNull();
    expect(readNotice("not json")).toBeNull();
  });
});

describe("ContentFollower", () => {
  it("drops what another's change shows and leaves its own writes to itself", async () => {
    const { pages, follow } = await follower();
    await follow.heard(notice({ origin: "me", version: 11, table: "posts", keys: ["3"] }));
    expect(pages.get("/post/3")).toBeDefined();
    await follow.heard(notice({ origin: "other", version: 12, table: "posts", keys: ["3"] }));
    expect(pages.get("/post/3")).toBeUndefined();
    expect(pages.get("/videos")).toBeDefined();
  });

  it("drops every page rendered before a change whose notice never came", async () => {
    const { pages, follow } = await follower();
    // 11 and 12 were lost: what they changed is unknown.
    await follow.heard(notice({ origin: "other", version: 13, table: "posts", keys: ["3"] }));
    expect(pages.get("/videos")).toBeUndefined();
  });

  it("catches up with a version read ahead of the notices only if its notice does not follow", async () => {
    const { pages, follow } = await follower();
    const checked = follow.checked(11);
    await follow.heard(notice({ origin: "other", version: 11, table: "posts", keys: ["3"] }));
    await checked;
    expect(pages.get("/videos")).toBeDefined();
    await follow.checked(12);
    expect(pages.get("/videos")).toBeUndefined();
  });
});
