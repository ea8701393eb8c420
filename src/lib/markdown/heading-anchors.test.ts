import { describe, expect, it } from "vitest";
import { renderBody } from "./render-body";

const headings = (content: string) =>
  [
    ...renderBody(
      { content, format: "markdown" },
      { idPrefix: "p1-", medium: "mail", siteUrl: "https://meh.example" },
    ).matchAll(/<(h\d) id="([^"]+)">/g),
  ].map(([, tag, id]) => `${String(tag)}#${String(id)}`);

describe("a body's headings", () => {
  it("start under the post's title, whichever level the essay starts from", () => {
    expect(headings("# One\n\n## Two\n\n#### Four")).toEqual(["h2#p1-one", "h3#p1-two", "h5#p1-four"]);
    expect(headings("## One\n\n### Two")).toEqual(["h2#p1-one", "h3#p1-two"]);
    expect(headings("### One\n\n###### Deep")).toEqual(["h2#p1-one", "h5#p1-deep"]);
  });

  it("never go past h6", () => {
    expect(headings("# One\n\n###### Six")).toEqual(["h2#p1-one", "h6#p1-six"]);
  });

  it("are named by their words alone, not a note's number, and apart when the words repeat", () => {
    expect(headings("# Notes[^n]\n\n# Notes\n\n[^n]: Said.")).toEqual(["h2#p1-notes", "h2#p1-notes-1"]);
  });
});
