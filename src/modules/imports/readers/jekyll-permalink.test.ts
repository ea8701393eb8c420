import { describe, expect, it } from "vitest";
import { jekyllPermalink } from "./jekyll-permalink";

const post = {
  slug: "the-long-wait",
  day: new Date("2019-02-03T10:00:00Z"),
  categories: ["Life", "Big Waits", "life"],
};

describe("jekyllPermalink", () => {
  it("makes a post's address by Jekyll's default, a named style, or a pattern", () => {
    expect(jekyllPermalink(null, post)).toBe("/life/big%20waits/2019/02/03/the-long-wait.html");
    expect(jekyllPermalink("pretty", post)).toBe("/life/big%20waits/2019/02/03/the-long-wait/");
    expect(jekyllPermalink("ordinal", { ...post, categories: [] })).toBe("/2019/034/the-long-wait.html");
    expect(jekyllPermalink("/:short_year/:i_month/:i_day/:title/", post)).toBe("/19/2/3/the-long-wait/");
  });

  it("gives null for a placeholder it does not know, rather than a wrong address", () => {
    expect(jekyllPermalink("/:collection/:name/", post)).toBeNull();
  });
});
