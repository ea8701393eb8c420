import { describe, expect, it } from "vitest";
import { describeProblem } from "./css-problem";

describe("describeProblem", () => {
  it("names the line and column before the message", () => {
    expect(describeProblem({ line: 3, column: 5, message: "expression() is not allowed" })).toBe(
      "Line 3, column 5: expression() is not allowed",
    );
  });
});
