import { describe, expect, it } from "vitest";
import { findTextFault, textFault } from "./acceptable-text";

const CONTROL = "Must not contain control characters";
const ONE_LINE = "Must be one line without control characters";
const UNICODE = "Must be valid Unicode text";

describe("textFault", () => {
  it.each([
    ["plain", undefined, undefined],
    ["two\nlines\r\n\tindented", undefined, ONE_LINE],
    ["emoji 🙂 and e\u0301", undefined, undefined],
    ["\u007f delete", undefined, ONE_LINE],
    ["a\u0000b", CONTROL, ONE_LINE],
    ["bell\u0007", CONTROL, ONE_LINE],
    ["escape\u001b[31m", CONTROL, ONE_LINE],
    ["lone \ud800 high", UNICODE, UNICODE],
    ["lone \udfff low", UNICODE, UNICODE],
    ["reversed \udc00\ud800", UNICODE, UNICODE],
  ])("%j: %s, on one line %s", (value, anyText, singleLine) => {
    expect(textFault(value)).toBe(anyText);
    expect(textFault(value, { singleLine: true })).toBe(singleLine);
  });
});

describe("findTextFault", () => {
  it("names the field of a bad text at any depth", () => {
    expect(findTextFault({ title: "ok", images: [{ description: "ok" }, { description: "\u0000" }] })).toEqual({
      field: "images.1.description",
      message: CONTROL,
    });
    expect(findTextFault("\ud800")).toEqual({ field: "", message: UNICODE });
    expect(findTextFault({ title: "ok", count: 3, on: true, none: null })).toBeUndefined();
  });

  it("checks names as well as values, reporting the object holding a bad name", () => {
    expect(findTextFault({ images: [{ "\u0000": "x" }] })).toEqual({ field: "images.0", message: CONTROL });
  });

  it("checks every value of a query, a repeated name's too", () => {
    expect(findTextFault(new URLSearchParams("q=fine&q=%00"))).toEqual({ field: "q", message: CONTROL });
    expect(findTextFault(new URLSearchParams("q=fine&category=Meh"))).toBeUndefined();
  });

  it("walks input nested deeper than the stack would allow", () => {
    const deep = JSON.parse(`${"[".repeat(100_000)}"\\u0000"${"]".repeat(100_000)}`) as unknown;
    expect(findTextFault(deep)?.message).toBe(CONTROL);
  });
});

// The forms validate with these schemas before sending, so the rule is the same on both sides.
