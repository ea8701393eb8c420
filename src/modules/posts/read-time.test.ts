import { expect, it } from "vitest";
import { readTime } from "./read-time";

it("is at least one minute, even for nothing", () => {
  expect(readTime("")).toBe(1);
  expect(readTime("meh")).toBe(1);
});

it("rounds up at 200 words a minute", () => {
  expect(readTime("word ".repeat(200))).toBe(1);
  expect(readTime("word ".repeat(201))).toBe(2);
  expect(readTime("word ".repeat(1000))).toBe(5);
});

it("counts words across line breaks and repeated spaces", () => {
  expect(readTime(`${"a ".repeat(150)}\n\n${"b  ".repeat(100)}`)).toBe(2);
});
