import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ExportReader, SourceItem } from "../source-item";
import { openWordPressExport } from "./wordpress.server";

const FIXTURE = path.join(import.meta.dirname, "../fixtures/wordpress/export.xml");

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "wxr-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function readAll(reader: ExportReader): Promise<SourceItem[]> {
  const items: SourceItem[] = [];
  for await (const item of reader.items()) items.push(item);
  return items;
}

async function written(name: string, xml: string): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, xml);
  return file;
}

/** A WXR with the channel WordPress writes, around `items`. */
const wxr = (items: string, head = "") => `<?xml version="1.0" encoding="UTF-8" ?>
${head}<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel><title>T</title><link>https://old.example</link><wp:wxr_version>1.2</wp:wxr_version>
${items}
</channel></rss>`;

const post = (id: number, fields: { title?: string; date?: string; body?: string } = {}) => `<item>
<title>${fields.title ?? `Post ${String(id)}`}</title><link>https://old.example/p${String(id)}/</link>
<content:encoded><![CDATA[${fields.body ?? "<p>Words.</p>"}]]></content:encoded>
<wp:post_id>${String(id)}</wp:post_id><wp:post_date_gmt>${fields.date ?? "2020-01-01 00:00:00"}</wp:post_date_gmt>
<wp:post_name>p${String(id)}</wp:post_name><wp:status>publish</wp:status><wp:post_type>post</wp:post_type>
</item>`;

async function refusal(file: string): Promise<string> {
  try {
    await readAll(await openWordPressExport(file));
    return "read";
  } catch (error) {
    return (error as Error).message;
  }
}

describe("openWordPressExport", () => {
  it("reads every post with its dates, terms, featured image, old address and what it cannot carry", async () => {
    const reader = await openWordPressExport(FIXTURE);
    expect(reader.siteUrl).toBe("https://oldblog.example");
    const items = await readAll(reader);
    expect(items.map((i) => [i.sourceId, i.status, i.slug])).toEqual([
      ["wp:101", "published", "why-the-lobby-matters"],
      ["wp:102", "published", "corridors-ranked"],
      ["wp:103", "draft", ""],
      ["wp:104", "scheduled", "tomorrows-beige"],
      ["wp:106", "draft", "café-thoughts"],
    ]);
    const [lobby] = items;
    expect({ ...lobby, body: undefined }).toEqual({
      sourceId: "wp:101",
      kind: "post",
      isPage: false,
      title: "Why the lobby matters",
      slug: "why-the-lobby-matters",
      excerpt: "Lobbies, considered at length.",
      body: undefined,
      status: "published",
      publishedAt: new Date("2019-05-04T09:30:00Z"),
      updatedAt: new Date("2019-05-06T08:00:00Z"),
      terms: ["Hotels", "lobbies", "chairs"],
      // The attachment comes after the post in the file: found all the same.
      cover: { ref: "https://oldblog.example/wp-content/uploads/2019/05/lobby.jpg", alt: "A beige lobby, empty" },
      oldPaths: ["/2019/05/why-the-lobby-matters/"],
      dropped: ["a custom field"],
    });
    expect(lobby?.body).toEqual({
      format: "html",
      flavor: "wordpress",
      html: await readFile(path.join(import.meta.dirname, "../fixtures/html/wordpress-classic.html"), "utf8"),
    });
    // A draft has no GMT date (all zeros): its local date stands in; its `?p=` address is no path.
    expect(items[2]).toMatchObject({ publishedAt: new Date("2024-03-01T12:00:00Z"), oldPaths: [] });
    expect(items[3]?.title).toBe("Tomorrow’s beige");
    const undated = post(2).replace(
      /<wp:post_date_gmt>.*<\/wp:post_date_gmt>/,
      "<wp:post_date_gmt>0000-00-00 00:00:00</wp:post_date_gmt><wp:post_date>0000-00-00 00:00:00</wp:post_date><pubDate>Mon, 30 Nov -0001 00:00:00 +0000</pubDate>",
    );
    const [draft] = await readAll(await openWordPressExport(await written("undated.xml", wxr(undated))));
    // A draft never published has no date at all: WordPress writes zeros, and a year of -1.
    expect(draft?.publishedAt).toBeNull();
    expect(reader.skipped()).toEqual({
      comments: 3,
      "pages (not asked for)": 1,
      "posts in the trash": 1,
      "menu items": 1,
    });
    expect(await reader.openMedia("https://oldblog.example/wp-content/uploads/2019/05/lobby.jpg")).toBeNull();
  });

  it("takes pages only when asked, and reads the same twice", async () => {
    const reader = await openWordPressExport(FIXTURE, { includePages: true });
    const first = await readAll(reader);
    expect(first.filter((i) => i.isPage).map((i) => i.title)).toEqual(["About"]);
    expect(reader.skipped()["pages (not asked for)"]).toBeUndefined();
    expect(await readAll(reader)).toEqual(first);
  });

  it("gives a post the footnotes the block editor kept in its meta", async () => {
    const noted = post(3, { body: '<p>Meh.<sup data-fn="n1"><a href="#n1" id="n1-link">1</a></sup></p>' }).replace(
      "</item>",
      '<wp:postmeta><wp:meta_key>footnotes</wp:meta_key><wp:meta_value><![CDATA[[{"id":"n1","content":"A note."}]]]></wp:meta_value></wp:postmeta></item>',
    );
    const [item] = await readAll(await openWordPressExport(await written("notes.xml", wxr(noted))));
    expect(item?.terms).toEqual([]);
    expect(item?.body).toMatchObject({ html: expect.stringMatching(/<li id="n1">A note\.<\/li>/) as unknown });
  });

  it("takes a term's name as WordPress escaped it for HTML, as it reads", async () => {
    const termed = post(5).replace(
      "</item>",
      '<category domain="category" nicename="food-drink"><![CDATA[Food &amp; Drink]]></category></item>',
    );
    const [item] = await readAll(await openWordPressExport(await written("terms.xml", wxr(termed))));
    expect(item?.terms).toEqual(["Food & Drink"]);
  });

  it("reads a large export as a stream, item by item", async () => {
    const items = Array.from({ length: 3000 }, (_, n) => post(n + 1, { body: `<p>${"meh ".repeat(200)}</p>` })).join(
      "\n",
    );
    const reader = await openWordPressExport(await written("many.xml", wxr(items)));
    let count = 0;
    for await (const item of reader.items()) if (item.sourceId === `wp:${String(++count)}`) continue;
    expect(count).toBe(3000);
  });

  describe("refuses, naming the item where it is one item's fault", () => {
    it("entities the document declares: a billion laughs, an external entity", async () => {
      const laughs = `<!DOCTYPE rss [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>`;
      expect(await refusal(await written("laughs.xml", wxr(post(1, { title: "&lol2;" }), laughs)))).toMatch(
        /declares entities of its own/,
      );
      const xxe = `<!DOCTYPE rss [<!ENTITY secret SYSTEM "file:///etc/passwd">]>`;
      expect(await refusal(await written("xxe.xml", wxr(post(1, { title: "&secret;" }), xxe)))).toMatch(
        /declares entities of its own/,
      );
    });

    it("an entity no one declared, and XML cut short", async () => {
      expect(await refusal(await written("nbsp.xml", wxr(post(1, { title: "A&nbsp;title" }))))).toMatch(
        /Not a readable WordPress export: .*undefined entity/i,
      );
      const whole = wxr(post(1));
      expect(await refusal(await written("cut.xml", whole.slice(0, whole.length - 40)))).toMatch(
        /Not a readable WordPress export/,
      );
    });

    it("a title past every limit, and a 10 MB one", async () => {
      expect(await refusal(await written("long.xml", wxr(post(7, { title: "t".repeat(1500) }))))).toMatch(
        /^wp:7: its title is 1500 characters, more than the 1000 allowed/,
      );
      expect(await refusal(await written("huge.xml", wxr(post(8, { title: "t".repeat(10 * 1024 ** 2 + 1) }))))).toMatch(
        /^the export's item 1: its title is longer than 10485760 characters/,
      );
    });

    it("a body past 5 MB", async () => {
      expect(await refusal(await written("body.xml", wxr(post(4, { body: "x".repeat(5 * 1024 ** 2 + 1) }))))).toMatch(
        /^Post 4: its body is 5242881 bytes, more than the 5242880 allowed/,
      );
    });

    it("absurd dates", async () => {
      expect(await refusal(await written("words.xml", wxr(post(9, { date: "next tuesday" }))))).toMatch(
        /^Post 9: its post_date_gmt "next tuesday" is not a date/,
      );
      expect(await refusal(await written("old.xml", wxr(post(9, { date: "0001-01-01 00:00:01" }))))).toMatch(
        /^Post 9: its post_date_gmt falls in 1, outside 1970 to 2100/,
      );
      expect(await refusal(await written("late.xml", wxr(post(9, { date: "9999-12-31 00:00:00" }))))).toMatch(
        /^Post 9: its post_date_gmt falls in 9999/,
      );
    });

    it("XML that is not WordPress's", async () => {
      const rss = `<?xml version="1.0"?><rss version="2.0"><channel><title>A feed</title></channel></rss>`;
      expect(await refusal(await written("rss.xml", rss))).toMatch(/Not a WordPress export/);
      expect(await refusal(await written("svg.xml", `<svg xmlns="http://www.w3.org/2000/svg"/>`))).toMatch(
        /Not a WordPress export/,
      );
    });
  });
});
