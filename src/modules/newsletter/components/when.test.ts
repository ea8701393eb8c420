import { expect, it } from "vitest";
import { whenText } from "@/lib/format";
import { whenShown } from "./when";

it("shows the newsletter's times in the owner's own time, as the post manager does", () => {
  const at = "2026-11-27T18:05:00.000Z";
  expect(whenShown(at)).toBe(whenText(at));
  expect(whenShown(at)).not.toContain("UTC");
  expect(whenShown(null)).toBe("");
});
