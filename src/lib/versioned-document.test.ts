import { describe, expect, it } from "vitest";
import { z } from "zod";
import { currentVersion, upgrade, type DocumentKind } from "./versioned-document";

// A made-up kind with two steps: v1 was a bare string, v2 named it, v3 split it in words.
const note = {
  name: "note",
  schema: z.strictObject({ title: z.string(), words: z.array(z.string()).min(1) }),
  migrations: [
    (data) => ({ title: String(data) }),
    (data) => {
      const { title } = data as { title: string };
      return { title, words: title.split(" ") };
    },
  ],
} satisfies DocumentKind<z.ZodType>;

describe("upgrade", () => {
  it("counts the current version from the steps", () => {
    expect(currentVersion(note)).toBe(3);
  });

  it("runs every step from the stored version on, in order", () => {
    const v3 = { title: "Tea gone cold", words: ["Tea", "gone", "cold"] };
    expect(upgrade(note, { version: 1, data: "Tea gone cold" })).toEqual(v3);
    expect(upgrade(note, { version: 2, data: { title: "Tea gone cold" } })).toEqual(v3);
    expect(upgrade(note, { version: 3, data: v3 })).toEqual(v3);
  });

  it("reads a document stored before versions as version 1", () => {
    expect(upgrade(note, { version: null, data: "Meh" })).toEqual({ title: "Meh", words: ["Meh"] });
    expect(upgrade(note, { version: undefined, data: "Meh" })).toEqual({ title: "Meh", words: ["Meh"] });
  });

  it("refuses a document newer than it knows, with a conflict saying so", () => {
    expect(() => upgrade(note, { version: 4, data: {} })).toThrow(
      expect.objectContaining({
        code: "conflict",
        message: "This note was saved by a newer release (version 4; this one knows 3): update the site to read it",
      }),
    );
  });

  it("refuses a version that cannot be", () => {
    for (const version of [0, -1, 1.5]) {
      expect(() => upgrade(note, { version, data: "x" })).toThrow(expect.objectContaining({ code: "conflict" }));
    }
  });

  it("checks the upgraded document against the kind's schema", () => {
    expect(() => upgrade(note, { version: 3, data: { title: "No words", words: [] } })).toThrow(
      expect.objectContaining({ code: "conflict", message: "This note no longer fits what the site reads" }),
    );
  });

  it("leaves the stored data as it was", () => {
    const stored = { title: "Kettle" };
    upgrade(note, { version: 2, data: stored });
    expect(stored).toEqual({ title: "Kettle" });
  });
});
