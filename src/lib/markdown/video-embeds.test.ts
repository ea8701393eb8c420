import { describe, expect, it } from "vitest";
import { hasEmbeds } from "./embed-facade";
import { renderBody, type BodyMedia } from "./render-body";
import type { EmbeddedVideo } from "./video-embeds";

const kettle: EmbeddedVideo = {
  slug: "the-kettle",
  title: "The Kettle <Took> Its Time",
  duration: 185,
  posterUrl: "/uploads/seed/kettle-poster.jpg",
  videoUrl: "/uploads/seed/kettle.mp4",
  captionsUrl: "/uploads/seed/kettle.vtt",
};
const media: BodyMedia = { videos: new Map([[kettle.slug, kettle]]) };
const onPage = (content: string) =>
  renderBody({ content, format: "markdown" }, { idPrefix: "p1-", medium: "page", media });
const inMail = (content: string) =>
  renderBody(
    { content, format: "markdown" },
    { idPrefix: "p1-", medium: "mail", siteUrl: "https://meh.example", media },
  );

/** The page's HTML as a browser reads it: the player's markup is inside the template, never in the page itself. */
function parts(html: string) {
  const [before = "", template = "", after = ""] = html.split(/<\/?template>/);
  return { page: before + after, player: template };
}

describe("rehypeVideoEmbeds", () => {
  it("draws a facade on a page: the poster linking to the video's page, its title and duration", () => {
    const html = onPage("::video[the-kettle]");
    const { page } = parts(html);
    expect(page).toContain(
      '<a class="embed__start" href="/videos/the-kettle"><img src="/_image?href=%2Fuploads%2Fseed%2Fkettle-poster.jpg',
    );
    expect(page).toContain('alt="" class="embed__poster" loading="lazy"');
    expect(page).toContain("Play the video “The Kettle &#x3C;Took> Its Time”");
    expect(page).toContain(
      '<figcaption><a href="/videos/the-kettle">The Kettle &#x3C;Took> Its Time</a> <span class="embed__meta"><span class="visually-hidden">Duration </span>3:05</span></figcaption>',
    );
    // Nothing of the video file itself until it is played.
    expect(page).not.toContain("kettle.mp4");
    expect(hasEmbeds(html)).toBe(true);
  });

  it("keeps the player, with its source and captions, for the click to put in place", () => {
    const { player } = parts(onPage("::video[the-kettle]"));
    expect(player).toMatch(
      /^<video controls autoplay playsinline preload="metadata" poster="\/_image\?[^"]+" width="1280" height="720">/,
    );
    expect(player).toContain('<source src="/uploads/seed/kettle.mp4" type="video/mp4">');
    expect(player).toContain(
      '<track kind="captions" src="/uploads/seed/kettle.vtt" srclang="en" label="English" default>',
    );
  });

  it("draws nothing for a slug the caller found no public video for", () => {
    const html = onPage("Before.\n\n::video[not-public]\n\nAfter.");
    expect(html).toBe("<p>Before.</p>\n\n<p>After.</p>");
    expect(hasEmbeds(html)).toBe(false);
  });

  it("in mail, links the poster and the title to the video's page, with no player", () => {
    expect(inMail("::video[the-kettle]")).toBe(
      '<p><a href="https://meh.example/videos/the-kettle"><img src="https://meh.example/uploads/seed/kettle-poster.jpg" alt="Play “The Kettle <Took> Its Time”" width="496" height="279"></a><br><a href="https://meh.example/videos/the-kettle">The Kettle &#x3C;Took> Its Time</a> (3:05)</p>',
    );
  });

  it("is not taken for an embed by words that only mention one", () => {
    expect(hasEmbeds(onPage('Write `<div data-embed>` or <div data-embed="x"> in a line.'))).toBe(false);
  });
});
