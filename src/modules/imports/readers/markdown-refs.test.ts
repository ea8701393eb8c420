import { describe, expect, it } from "vitest";
import { exportPath, rewriteRefs } from "./markdown-refs";

const files = new Set([
  "content/posts/x/cover.jpg",
  "content/posts/x/my photo.jpg",
  "static/images/a.jpg",
  "public/b.png",
  "assets/c.png",
  "docs/guide.pdf",
]);
const has = (path: string) => files.has(path);

describe("exportPath", () => {
  it("finds a relative ref from the file's folder, and a root-relative one where each tool serves files", () => {
    expect(exportPath("./cover.jpg", "content/posts/x/index.md", has)).toBe("content/posts/x/cover.jpg");
    expect(exportPath("my%20photo.jpg?w=300#top", "content/posts/x/index.md", has)).toBe(
      "content/posts/x/my photo.jpg",
    );
    expect(exportPath("/images/a.jpg", "content/posts/x/index.md", has)).toBe("static/images/a.jpg");
    expect(exportPath("/b.png", "src/content/blog/a.md", has)).toBe("public/b.png");
    expect(exportPath("/c.png", "_posts/a.md", has)).toBe("assets/c.png");
  });

  it("gives null for addresses elsewhere, files the export lacks, and paths that climb out of it", () => {
    expect(exportPath("https://example.com/a.jpg", "a.md", has)).toBeNull();
    expect(exportPath("#notes", "a.md", has)).toBeNull();
    expect(exportPath("mailto:a@example.com", "a.md", has)).toBeNull();
    expect(exportPath("./missing.jpg", "content/posts/x/index.md", has)).toBeNull();
    expect(exportPath("../../../static/images/a.jpg", "a.md", has)).toBeNull();
  });
});

describe("rewriteRefs", () => {
  it("rewrites images, links, reference definitions and HTML refs to files in the export, and nothing else", () => {
    const markdown = [
      '![Cover](cover.jpg "Title") and ![Me](<my photo.jpg>)',
      "[The guide](../../../docs/guide.pdf) and [away](https://example.com)",
      "[ref]: /images/a.jpg",
      '<img src="./cover.jpg" alt="x"> <a href="nope.html">n</a>',
      "`![code](cover.jpg)`",
    ].join("\n");
    expect(rewriteRefs(markdown, "content/posts/x/index.md", has)).toBe(
      [
        '![Cover](content/posts/x/cover.jpg "Title") and ![Me](<content/posts/x/my photo.jpg>)',
        "[The guide](docs/guide.pdf) and [away](https://example.com)",
        "[ref]: static/images/a.jpg",
        '<img src="content/posts/x/cover.jpg" alt="x"> <a href="nope.html">n</a>',
        "`![code](cover.jpg)`",
      ].join("\n"),
    );
  });
});
