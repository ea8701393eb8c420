import { describe, expect, it } from "vitest";
import { publishState } from "./publish-state";

describe("publishState", () => {
  it("says nothing is live before the first save and before the first publish", () => {
    expect(publishState(null, true)).toBe("Not published: visitors see the page without a design.");
    expect(publishState({ version: 2, publishedVersionNumber: null }, false)).toBe(
      "Not published: visitors see the page without a design; you are editing version 2.",
    );
  });

  it("names the live version and the one being edited when they differ", () => {
    expect(publishState({ version: 9, publishedVersionNumber: 7 }, false)).toBe(
      "Visitors see version 7; you are editing version 9.",
    );
    expect(publishState({ version: 7, publishedVersionNumber: 7 }, true)).toBe(
      "Visitors see version 7; you are editing version 7 with unsaved changes.",
    );
  });

  it("says when what visitors see is what is being edited", () => {
    expect(publishState({ version: 7, publishedVersionNumber: 7 }, false)).toBe(
      "Visitors see version 7, the one you are editing.",
    );
  });
});
