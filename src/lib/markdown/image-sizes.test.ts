import { describe, expect, it } from "vitest";
import { renderBody, type BodyMedia } from "./render-body";

const chair = "/uploads/images/chair.jpg";
const onPage = (content: string, media: BodyMedia) =>
  renderBody({ content, format: "markdown" }, { idPrefix: "p1-", medium: "page", media });
const inMail = (content: string, media: BodyMedia) =>
  renderBody(
    { content, format: "markdown" },
    { idPrefix: "p1-", medium: "mail", siteUrl: "https://meh.example", media },
  );
const attribute = (html: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(html)?.[1];

describe("rehypeImageSizes", () => {
  it("serves a figure of an upload responsive, in the image's own proportions, with its room kept", () => {
    const html = onPage(`![A chair](${chair})`, { images: new Map([[chair, { width: 3000, height: 2000 }]]) });
    expect(attribute(html, "width")).toBe("1280");
    expect(attribute(html, "height")).toBe("853");
    expect(attribute(html, "sizes")).toBe("(min-width: 720px) 640px, 92vw");
    expect(
      attribute(html, "srcset")
        ?.split(", ")
        .map((candidate) => candidate.split(" ")[1]),
    ).toEqual(["480w", "800w", "1280w"]);
    expect(attribute(html, "src")).toBe(
      "/_image?href=%2Fuploads%2Fimages%2Fchair.jpg&#x26;w=1280&#x26;h=853&#x26;f=webp&#x26;fit=cover",
    );
  });

  it("never asks the image service for more than the image has, or than it makes", () => {
    const small = onPage(`![A chair](${chair})`, { images: new Map([[chair, { width: 600, height: 300 }]]) });
    expect(attribute(small, "srcset")).toMatch(/w=480&#x26;h=240.* 480w, .*w=600&#x26;h=300.* 600w$/);
    const tall = onPage(`![A chair](${chair})`, { images: new Map([[chair, { width: 1000, height: 4000 }]]) });
    expect(attribute(tall, "width")).toBe("600");
    expect(attribute(tall, "height")).toBe("2400");
  });

  it("serves an image within a line the same way, and the placeholder for an upload the store no longer has", () => {
    const html = onPage(`A ![dot](/uploads/images/dot.png) and ![gone](/uploads/images/gone.png).`, {
      images: new Map([["/uploads/images/dot.png", { width: 16, height: 12 }]]),
    });
    const [dot = "", gone = ""] = html.split(" and ");
    expect(attribute(dot, "srcset")).toBe(
      "/_image?href=%2Fuploads%2Fimages%2Fdot.png&#x26;w=16&#x26;h=12&#x26;f=webp&#x26;fit=cover 16w",
    );
    expect([attribute(dot, "width"), attribute(dot, "height")]).toEqual(["16", "12"]);
    expect(gone).toContain(
      '<img src="/images/placeholder.svg" alt="gone" loading="lazy" decoding="async" width="1200" height="675">',
    );
  });

  it("leaves uploads as they are when the caller read no sizes", () => {
    expect(onPage(`![A chair](${chair})`, {})).toBe(
      `<figure><img src="${chair}" alt="A chair" loading="lazy"></figure>`,
    );
  });

  it("in mail, gives the file itself, at most a letter's column wide", () => {
    const html = inMail(`![A chair](${chair})`, { images: new Map([[chair, { width: 3000, height: 2000 }]]) });
    expect(html).toBe(
      '<figure><img src="https://meh.example/uploads/images/chair.jpg" alt="A chair" loading="lazy" width="496" height="331"></figure>',
    );
  });
});
