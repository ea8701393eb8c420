import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { bodyText, postIdPrefix, renderBody, type BodyMedia, type BodyOptions } from "./render-body";

const kitchenSink = await readFile(new URL("./fixtures/kitchen-sink.md", import.meta.url), "utf8");
const essay = { content: kitchenSink, format: "markdown" } as const;
// What the essay's page would read: the uploads it shows (one has since gone from the
// store) and the one public video it embeds (the other slug names none).
const media: BodyMedia = {
  images: new Map([
    ["/uploads/images/lobby-painting.jpg", { width: 3000, height: 2000 }],
    ["/uploads/images/plate.png", { width: 64, height: 24 }],
    ["/uploads/images/divider.png", { width: 1200, height: 40 }],
  ]),
  videos: new Map([
    [
      "lobby-at-night",
      {
        slug: "lobby-at-night",
        title: "The Lobby at Night",
        duration: 83,
        posterUrl: "/uploads/images/lobby-at-night.jpg",
        videoUrl: "/uploads/videos/lobby-at-night.mp4",
        captionsUrl: "/uploads/videos/lobby-at-night.vtt",
      },
    ],
  ]),
};
const onPage: BodyOptions = { idPrefix: postIdPrefix(7), medium: "page", media };
const ids = (html: string) => [...html.matchAll(/\sid="([^"]+)"/g)].map(([, id]) => id);

describe("renderBody", () => {
  it("draws the kitchen-sink essay as its page shows it", async () => {
    await expect(renderBody(essay, onPage)).toMatchFileSnapshot("./fixtures/kitchen-sink.html");
  });

  it("draws it with endnotes for mail and feeds", async () => {
    await expect(
      renderBody(essay, { idPrefix: postIdPrefix(7), medium: "mail", siteUrl: "https://meh.example", media }),
    ).toMatchFileSnapshot("./fixtures/kitchen-sink.endnotes.html");
  });

  it("numbers notes across the whole essay, in the order they are first referred to", () => {
    const html = renderBody(essay, onPage);
    const numbers = [...html.matchAll(/class="sidenote__number">(\d+)\./g)].map(([, n]) => n);
    expect(numbers).toEqual(["1", "2", "3"]);
    // The sea note's second reference, in the last section, links to the note already placed.
    expect(html).toContain('<sup><a href="#p7-sn-sea" id="p7-fnref-sea-2" data-footnote-ref>1</a></sup>');
  });

  it("starts every id with the post's prefix, so two posts on one page share none", () => {
    const first = ids(renderBody(essay, { ...onPage, idPrefix: postIdPrefix(1) }));
    const second = ids(renderBody(essay, { ...onPage, idPrefix: postIdPrefix(2) }));
    expect(first.length).toBeGreaterThan(10);
    expect(first.every((id) => id?.startsWith("p1-"))).toBe(true);
    expect(new Set([...first, ...second]).size).toBe(first.length + second.length);
  });

  it("gives every note a back-link to where it is referred to", () => {
    const html = renderBody(essay, onPage);
    for (const id of ["p7-fnref-sea", "p7-fnref-again", "p7-fnref-quote"]) {
      expect(html).toContain(`id="${id}"`);
      expect(html).toContain(`href="#${id}" data-footnote-backref`);
    }
  });

  it("draws a body again when anything it is drawn with has changed, though its text has not", () => {
    const lobby = media.videos?.get("lobby-at-night");
    const drawn = (options: BodyOptions) => renderBody(essay, options);
    const first = drawn(onPage);
    expect(drawn(onPage)).toBe(first);
    // The video's title changed, its poster went, and the feed's address moved.
    const retitled = new Map(lobby ? [["lobby-at-night", { ...lobby, title: "The Lobby, Later" }]] : []);
    expect(drawn({ ...onPage, media: { ...media, videos: retitled } })).toContain("The Lobby, Later");
    expect(drawn({ ...onPage, media: { ...media, images: new Map() } })).not.toContain('width="3000"');
    expect(drawn({ ...onPage, idPrefix: postIdPrefix(8) })).toContain('id="p8-fnref-sea"');
    const mail = (siteUrl: string) => drawn({ idPrefix: postIdPrefix(7), medium: "mail", siteUrl, media });
    expect(mail("https://meh.example")).toContain('src="https://meh.example/uploads/images/lobby-painting.jpg');
    expect(mail("https://moved.example")).toContain('src="https://moved.example/uploads/images/lobby-painting.jpg');
    expect(drawn(onPage)).toBe(first);
  });

  it("draws a plain post as a paragraph per line, escaped as Astro escapes text", () => {
    expect(renderBody({ content: "One & <two>\r\n\n  'three' \"four\"  \n", format: "plain" }, onPage)).toBe(
      "<p>One &amp; &lt;two&gt;</p><p>&#39;three&#39; &quot;four&quot;</p>",
    );
  });
});

describe("bodyText", () => {
  it("is the words a reader reads, with the notes at the end and no markup", () => {
    const text = bodyText(essay);
    expect(text).toContain("which is exactly long enough");
    expect(text).toContain("Where it hangs");
    expect(text).toContain("Sea, on balance.");
    expect(text).not.toMatch(/[<>*#↩]|Link to this section|^Notes$/m);
    // A figure's caption is read; its alt text stands in for the picture, for those who cannot see it.
    expect(text).toContain("The painting, as it hangs: a sea, or a field");
    expect(text).not.toContain("A pale painting of a horizon");
    // The page's contents and its players' words are the page's, not the essay's.
    expect(text).not.toMatch(/^Contents$|Nothing is loaded|Play the video/m);
  });

  it("is a plain post's lines, paragraphs apart", () => {
    expect(bodyText({ content: "One\n\n  Two  \nThree", format: "plain" })).toBe("One\n\nTwo\n\nThree");
  });
});
