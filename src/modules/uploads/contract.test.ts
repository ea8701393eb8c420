import { expect, it } from "vitest";
import { uploadKindOf, UPLOADABLE_TYPES } from "./contract";

it("gives every uploadable type a kind", () => {
  expect(UPLOADABLE_TYPES.map(uploadKindOf)).toEqual(["image", "image", "image", "image", "image", "video", "video"]);
});
