import { describe, expect, it } from "vitest";
import { listingPlace, listingQuery, readListingState } from "./listing-state";

describe("readListingState", () => {
  it("reads a search, trimmed", () => {
    expect(readListingState(new URLSearchParams("search=%20kettle%20"))).toEqual({
      search: "kettle",
      category: undefined,
      page: 1,
    });
  });
  it("reads a known category and ignores an unknown one", () => {
    expect(readListingState(new URLSearchParams("category=Meh%20Moments")).category).toBe("Meh Moments");
    expect(readListingState(new URLSearchParams("category=Spectacle")).category).toBeUndefined();
  });
  it("lets a search win over a category, and treats a blank search as none", () => {
    expect(readListingState(new URLSearchParams("search=x&category=Meh%20Moments"))).toEqual({
      search: "x",
      category: undefined,
      page: 1,
    });
    expect(readListingState(new URLSearchParams("search=%20%20&category=Meh%20Moments"))).toEqual({
      search: "",
      category: "Meh Moments",
      page: 1,
    });
  });
  it("reads a page number, and takes anything that is not one as the first page", () => {
    expect(readListingState(new URLSearchParams("category=Meh%20Moments&page=3")).page).toBe(3);
    for (const junk of ["0", "-2", "2.5", "x", "", "1e3", "99999999999"])
      expect(readListingState(new URLSearchParams({ page: junk })).page, junk).toBe(1);
  });
});

describe("listingQuery", () => {
  it("writes the search or the category, and the page past the first", () => {
    expect(listingQuery({ search: "a b", category: undefined, page: 1 })).toBe("?search=a%20b");
    expect(listingQuery({ search: "", category: "Grey Days Sharp Eyes", page: 1 })).toBe(
      "?category=Grey%20Days%20Sharp%20Eyes",
    );
    expect(listingQuery({ search: "", category: undefined, page: 1 })).toBe("");
    expect(listingQuery({ search: "", category: undefined, page: 2 })).toBe("?page=2");
    expect(listingQuery({ search: "a&b", category: undefined, page: 3 })).toBe("?search=a%26b&page=3");
  });
  it("round-trips through readListingState", () => {
    const state = { search: "", category: "Meh Moments" as const, page: 7 };
    expect(readListingState(new URLSearchParams(listingQuery(state)))).toEqual(state);
  });
});

describe("listingPlace", () => {
  it("links a middle page to both neighbours and keeps its category and page in its address", () => {
    const place = listingPlace("/archive", { search: "", category: "Meh Moments", page: 2 }, 60);
    expect(place).toEqual({
      canonicalQuery: "?category=Meh%20Moments&page=2",
      prev: "/archive?category=Meh%20Moments",
      next: "/archive?category=Meh%20Moments&page=3",
      pastTheEnd: false,
    });
  });
  it("has no neighbour past either end, and knows a page past the last", () => {
    expect(listingPlace("/videos", { search: "", category: undefined, page: 1 }, 3)).toMatchObject({
      prev: undefined,
      next: undefined,
      pastTheEnd: false,
    });
    expect(listingPlace("/videos", { search: "", category: undefined, page: 5 }, 30)).toMatchObject({
      prev: undefined,
      pastTheEnd: true,
    });
  });
});
