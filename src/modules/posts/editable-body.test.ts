import { describe, expect, it } from "vitest";
import { bodyText } from "@/lib/markdown/render-body";
import { editableBody } from "./editable-body";

describe("editableBody", () => {
  it("converts a plain post as its form opens, so it saves as Markdown that reads the same", () => {
    const plain = { content: "1. Not a list\n# Not a heading\nA *star*.", format: "plain" } as const;
    const edited = editableBody(plain);
    expect(edited).toBe("1\\. Not a list\n\n\\# Not a heading\n\nA \\*star\\*.");
    expect(bodyText({ content: edited, format: "markdown" })).toBe(bodyText(plain));
  });

  it("leaves a Markdown post as it is", () => {
    expect(editableBody({ content: "A *star*.", format: "markdown" })).toBe("A *star*.");
  });
});
