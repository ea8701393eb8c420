import { describe, expect, it } from "vitest";
import { carriesSessionToken, cookieValues, mayBeSignedIn } from "./cookie";

const token = `${"a".repeat(24)}.${"b2".repeat(12)}`;

describe("cookieValues", () => {
  it("gives every value sent for a name, in order, and nothing for other names", () => {
    expect(cookieValues(`theme=dark; session=one;session=two ; xsession=three`, "session")).toEqual(["one", "two"]);
    expect(cookieValues("a=1=2; b", "a")).toEqual(["1=2"]);
    expect(cookieValues(undefined, "session")).toEqual([]);
  });
});

describe("carriesSessionToken", () => {
  it("is true for exactly one session cookie shaped like a token the site issues", () => {
    expect(carriesSessionToken(`theme=dark; session=${token}`, false)).toBe(true);
    expect(carriesSessionToken(`__Host-session=${token}`, true)).toBe(true);
  });

  it.each([
    ["no cookie", undefined],
    ["another cookie", "theme=dark"],
    ["junk", "session=x"],
    ["an empty value", "session="],
    ["a token with capitals", `session=${token.toUpperCase()}`],
    ["a token and more", `session=${token}x`],
    ["two session cookies", `session=${token}; session=${token}`],
    ["a token and junk", `session=x; session=${token}`],
  ])("is false for %s", (_, header) => {
    expect(carriesSessionToken(header, false)).toBe(false);
  });

  it("looks only at the cookie the site sets: __Host- prefixed on https", () => {
    expect(carriesSessionToken(`session=${token}`, true)).toBe(false);
    expect(carriesSessionToken(`__Host-session=${token}`, false)).toBe(false);
  });
});

describe("mayBeSignedIn", () => {
  it("reads the hint under either name, and nothing else", () => {
    expect(mayBeSignedIn("theme=dark; signed_in=1")).toBe(true);
    expect(mayBeSignedIn("__Host-signed_in=1; theme=dark")).toBe(true);
    expect(mayBeSignedIn("")).toBe(false);
    expect(mayBeSignedIn("not_signed_in=1; signed_in=10")).toBe(false);
  });
});
