import { describe, expect, it } from "vitest";
import { resendQuestion } from "./delivery-words";

describe("the question before sending again", () => {
  it("counts the readers who did not get it", () => {
    expect(resendQuestion({ failed: 2, unknown: 0 })).toBe("Send this issue again to 2 readers who did not get it?");
  });

  it("says how many may have it already, and would get it twice", () => {
    const question = resendQuestion({ failed: 2, unknown: 1 });
    expect(question).toMatch(
      /^Send this issue again to 3 readers who did not get it\? For 1 of them the outcome is unknown/,
    );
    expect(question).toContain("may have it already and would get it twice");
    expect(resendQuestion({ failed: 0, unknown: 1 })).toMatch(/^Send this issue again to 1 reader who/);
  });
});
