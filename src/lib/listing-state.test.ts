import { describe, expect, it } from "vitest";
import { listingQuery, readListingState } from "./listing-state";

describe("readListingState", () => {
  it("reads a search, trimmed", () => {
    expect(readListingState(new URLSearchParams("search=%20kettle%20"))).toEqual({
      search: "kettle",
      category: undefined,
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
    });
    expect(readListingState(new URLSearchParams("search=%20%20&category=Meh%20Moments"))).toEqual({
      search: "",
      category: "Meh Moments",
    });
  });
});

describe("listingQuery", () => {
  it("writes one parameter at most", () => {
    expect(listingQuery({ search: "a b", category: undefined })).toBe("?search=a%20b");
    expect(listingQuery({ search: "", category: "Grey Days Sharp Eyes" })).toBe("?category=Grey%20Days%20Sharp%20Eyes");
    expect(listingQuery({ search: "", category: undefined })).toBe("");
  });
});
