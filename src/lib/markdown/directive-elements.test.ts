import { describe, expect, it } from "vitest";
import { bodyText, renderBody } from "./render-body";

const render = (content: string) => renderBody({ content, format: "markdown" }, { idPrefix: "p1-", medium: "page" });

describe("remarkDirectiveElements", () => {
  it("draws an aside and a pull quote as boxes of their class, a label as the box's first line", () => {
    expect(render(":::aside[On frames]\nThe frame is *brass*.\n:::")).toBe(
      '<aside class="aside"><p class="aside__title">On frames</p><p>The frame is <em>brass</em>.</p></aside>',
    );
    expect(render(":::pullquote\nIt was fine.\n:::")).toBe('<aside class="pullquote"><p>It was fine.</p></aside>');
  });

  it("keeps Markdown inside a box, other boxes too", () => {
    expect(render(":::::aside\n- one\n- two\n\n:::pullquote\nInner.\n:::\n:::::")).toBe(
      '<aside class="aside"><ul>\n<li>one</li>\n<li>two</li>\n</ul><aside class="pullquote"><p>Inner.</p></aside></aside>',
    );
  });

  it("shows a directive it does not know as it was written, its content read as Markdown", () => {
    expect(render(":::warning{.red}\nSome *words*.\n:::")).toBe(
      "<p>:::warning{.red}</p>\n<p>Some <em>words</em>.</p>\n<p>:::</p>",
    );
    expect(render("::cite[smith04]")).toBe("<p>::cite[smith04]</p>");
    expect(render(":::video\nNot a leaf.\n:::")).toBe("<p>:::video</p>\n<p>Not a leaf.</p>\n<p>:::</p>");
    // A box inside an unknown one is still a box.
    expect(render(":::::note\n:::aside\nIn.\n:::\n:::::")).toBe(
      '<p>:::::note</p>\n<aside class="aside"><p>In.</p></aside>\n<p>:::::</p>',
    );
    expect(bodyText({ content: "::cite[smith04]", format: "markdown" })).toBe("::cite[smith04]");
  });

  it("leaves a video's placeholder, which is drawn as nothing without the video", () => {
    expect(render("Before.\n\n::video[the-kettle]\n\nAfter.")).toBe("<p>Before.</p>\n\n<p>After.</p>");
  });
});
