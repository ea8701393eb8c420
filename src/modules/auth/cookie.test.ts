import { describe, expect, it } from "vitest";
import { cookieValues } from "./cookie";

describe("cookieValues", () => {
  it("gives every value sent for a name, in order, and nothing for other names", () => {
    expect(cookieValues(`theme=dark; session=one;session=two ; xsession=three`, "session")).toEqual(["one", "two"]);
    expect(cookieValues("a=1=2; b", "a")).toEqual(["1=2"]);
    expect(cookieValues(undefined, "session")).toEqual([]);
  });
});
