import { describe, expect, it } from "vitest";
import { externalVideo } from "./external-videos";
import { renderBody } from "./render-body";

const onPage = (content: string) => renderBody({ content, format: "markdown" }, { idPrefix: "p1-", medium: "page" });

describe("externalVideo", () => {
  it.each([
    ["https://www.youtube.com/watch?v=dQw4w9WgXcQ", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1"],
    ["https://youtu.be/dQw4w9WgXcQ?t=90", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&start=90"],
    [
      "http://m.youtube.com/watch?v=dQw4w9WgXcQ&t=1m5s",
      "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&start=65",
    ],
    ["https://www.youtube.com/shorts/dQw4w9WgXcQ", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1"],
    ["https://www.youtube.com/embed/dQw4w9WgXcQ", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1"],
    ["https://vimeo.com/76979871", "https://player.vimeo.com/video/76979871?autoplay=1&dnt=1"],
    ["https://vimeo.com/channels/staffpicks/76979871", "https://player.vimeo.com/video/76979871?autoplay=1&dnt=1"],
    ["https://vimeo.com/76979871/5a1b2c3d4e", "https://player.vimeo.com/video/76979871?h=5a1b2c3d4e&autoplay=1&dnt=1"],
  ])("plays %s from %s", (href, embedUrl) => {
    expect(externalVideo(href)?.embedUrl).toBe(embedUrl);
  });

  it.each([
    "https://www.youtube.com/",
    "https://www.youtube.com/watch?v=short",
    "https://www.youtube.com/watch?v=dQw4w9WgXcQ%22%3E",
    "https://youtube.evil.example/watch?v=dQw4w9WgXcQ",
    "https://vimeo.com/about",
    "javascript://vimeo.com/76979871",
    "/videos/the-kettle",
  ])("sees no video at %s", (href) => {
    expect(externalVideo(href)).toBeNull();
  });
});

describe("rehypeExternalVideos", () => {
  it("draws a link alone on its line as a facade that asks nothing of the other site until played", () => {
    const html = onPage("[The lift, all of it](https://www.youtube.com/watch?v=dQw4w9WgXcQ)");
    const [page = "", player = ""] = html.split(/<\/?template>/);
    expect(page).toContain(
      '<a class="embed__start embed__start--outside" href="https://www.youtube.com/watch?v=dQw4w9WgXcQ" rel="noopener">',
    );
    expect(page).not.toMatch(/youtube-nocookie|ytimg|<img/);
    expect(player).toBe(
      '<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1" title="The lift, all of it" width="1280" height="720" allow="autoplay; encrypted-media; picture-in-picture; fullscreen" allowfullscreen referrerpolicy="strict-origin-when-cross-origin"></iframe>',
    );
    expect(html).toContain(
      '<figcaption><a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ" rel="noopener">The lift, all of it</a> <span class="embed__meta">YouTube</span></figcaption>',
    );
  });

  it("names a bare address's video for its site", () => {
    expect(onPage("https://vimeo.com/76979871")).toContain('title="A video on Vimeo"');
  });

  it("leaves a link within a sentence, and one in mail, a link", () => {
    expect(onPage("See https://youtu.be/dQw4w9WgXcQ for it.")).toBe(
      '<p>See <a href="https://youtu.be/dQw4w9WgXcQ" rel="noopener">https://youtu.be/dQw4w9WgXcQ</a> for it.</p>',
    );
    expect(
      renderBody(
        { content: "https://youtu.be/dQw4w9WgXcQ", format: "markdown" },
        { idPrefix: "p1-", medium: "mail", siteUrl: "https://meh.example" },
      ),
    ).toBe('<p><a href="https://youtu.be/dQw4w9WgXcQ" rel="noopener">https://youtu.be/dQw4w9WgXcQ</a></p>');
  });
});
