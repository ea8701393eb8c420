import { expect, it, vi } from "vitest";
import { TextMemo } from "./text-memo";

const lengthOf = (text: string) => text.length;

it("makes a text's result once, and hands it back while it is kept", () => {
  const memo = new TextMemo(100, lengthOf);
  const make = vi.fn(() => "RESULT");
  expect(memo.get("text", make)).toBe("RESULT");
  expect(memo.get("text", make)).toBe("RESULT");
  expect(make).toHaveBeenCalledTimes(1);
  expect(memo.get("other", () => "OTHER")).toBe("OTHER");
});

it("lets the least recently used go when the kept texts and results pass the budget", () => {
  // Each entry is 2 + 2 characters: three fit in 12.
  const memo = new TextMemo(12, lengthOf);
  memo.get("aa", () => "AA");
  memo.get("bb", () => "BB");
  memo.get("cc", () => "CC");
  // "aa" used again, so "bb" is now the least recently used.
  memo.get("aa", () => "made again");
  memo.get("dd", () => "DD");
  expect(memo.size).toBe(3);
  expect(memo.get("aa", () => "made again")).toBe("AA");
  expect(memo.get("cc", () => "made again")).toBe("CC");
  expect(memo.get("bb", () => "made again")).toBe("made again");
});

it("hands back a result too big for the budget without keeping it or letting others go", () => {
  const memo = new TextMemo(10, lengthOf);
  memo.get("a", () => "A");
  const make = vi.fn(() => "a result longer than the budget");
  expect(memo.get("big", make)).toBe("a result longer than the budget");
  memo.get("big", make);
  expect(make).toHaveBeenCalledTimes(2);
  expect(memo.size).toBe(1);
  expect(memo.get("a", () => "made again")).toBe("A");
});
