import { describe, expect, it, vi } from "vitest";
import { changeOf, tag } from "./content-tags";
import { PageStore } from "./page-store.server";
import { Publisher, type PublishedChange } from "./publisher.server";

const page = (tags: string[]) => ({
  status: 200,
  headers: [],
  body: Buffer.from("<p>old</p>"),
  tags,
  maxAgeSeconds: 60,
});

async function storeWithPages(): Promise<PageStore> {
  const pages = new PageStore();
  await pages.put("/", page([tag.posts, tag.videos]), pages.epoch());
  await pages.put("/post/kettle", page([tag.post(7)]), pages.epoch());
  await pages.put("/videos", page([tag.videos]), pages.epoch());
  return pages;
}

describe("Publisher", () => {
  it("drops the pages a change shows before any listener hears of it, and tells each listener which", async () => {
    const pages = await storeWithPages();
    const publisher = new Publisher(pages);
    const heard: PublishedChange[] = [];
    publisher.subscribe((change) => {
      // By the time anyone hears, a visitor already gets the new content.
      expect(pages.get("/")).toBeUndefined();
      heard.push(change);
    });
    await publisher.publish(changeOf.post(7));
    expect(heard).toEqual([{ tags: ["posts", "post:7"], droppedPages: ["/", "/post/kettle"], origin: "local" }]);
    expect(pages.get("/videos")).toBeDefined();
  });

  it("tells listeners a change came from another instance, and stops telling one that unsubscribed", async () => {
    const publisher = new Publisher(await storeWithPages());
    const origins: string[] = [];
    const stop = publisher.subscribe(({ origin }) => {
      origins.push(origin);
    });
    await publisher.receive(changeOf.video(3));
    stop();
    await publisher.publish(changeOf.video(3));
    expect(origins).toEqual(["remote"]);
  });

  it("keeps a failing listener from failing the write or the other listeners", async () => {
    const publisher = new Publisher(await storeWithPages());
    const logged = vi.spyOn(console, "error").mockImplementationOnce(() => undefined);
    const heard: string[][] = [];
    publisher.subscribe(() => Promise.reject(new Error("the index is on fire")));
    publisher.subscribe(({ tags }) => {
      heard.push(tags);
    });
    await expect(publisher.publish(changeOf.postGallery(7))).resolves.toBeUndefined();
    expect(heard).toEqual([["post:7"]]);
    expect(logged).toHaveBeenCalledWith("A content-change listener failed:", expect.any(Error));
    logged.mockClear();
  });
});
