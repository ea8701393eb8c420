import { describe, expect, it } from "vitest";
import { pagedJson } from "./paged-response.server";

const url = new URL("http://site.test/api/posts/search?q=meh&page=2");
const request = { page: 2, limit: 10 };
const answer = (total: number, capped?: true) =>
  pagedJson(url, { items: [1, 2], total, ...(capped ? { capped } : {}) }, request, (n) => ({ n }));

describe("pagedJson", () => {
  it("sends the page as a list, the total, and the first, last and neighbouring pages", async () => {
    const response = answer(45);
    expect(await response.json()).toEqual([{ n: 1 }, { n: 2 }]);
    expect(response.headers.get("X-Total-Count")).toBe("45");
    expect(response.headers.get("X-Total-Count-At-Least")).toBeNull();
    expect(response.headers.get("Link")?.split(", ")).toEqual([
      '</api/posts/search?q=meh&page=1>; rel="first"',
      '</api/posts/search?q=meh&page=5>; rel="last"',
      '</api/posts/search?q=meh&page=1>; rel="prev"',
      '</api/posts/search?q=meh&page=3>; rel="next"',
    ]);
  });

  it("says how many there are at least, and no last page, where counting stopped", () => {
    const response = answer(1001, true);
    expect(response.headers.get("X-Total-Count")).toBeNull();
    expect(response.headers.get("X-Total-Count-At-Least")).toBe("1001");
    expect(response.headers.get("Link")).not.toContain('rel="last"');
    expect(response.headers.get("Link")).toContain('</api/posts/search?q=meh&page=3>; rel="next"');
  });
});
