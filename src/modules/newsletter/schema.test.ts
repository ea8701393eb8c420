import { describe, expect, it } from "vitest";
import { newsletterSignupSchema } from "./schema";

/** The first problem's message and field, as the endpoint reports it. */
function problem(input: unknown) {
  const result = newsletterSignupSchema.safeParse(input);
  if (result.success) return null;
  const issue = result.error.issues[0];
  return { message: issue?.message, path: issue?.path };
}

describe("newsletterSignupSchema", () => {
  it("trims and lowercases the address", () => {
    expect(newsletterSignupSchema.parse({ email: "  Someone@Example.COM \n" })).toEqual({
      email: "someone@example.com",
    });
  });

  it("asks for an address when it is missing or blank", () => {
    for (const input of [{}, { email: "" }, { email: "   " }, { email: "\t\n" }]) {
      expect(problem(input), JSON.stringify(input)).toEqual({
        message: "Please enter your email address.",
        path: ["email"],
      });
    }
  });

  it("refuses what is not an address", () => {
    for (const email of ["meh", "meh@", "@example.com", "meh@example", "a b@example.com", 42, null]) {
      expect(problem({ email }), String(email)).toEqual({
        message: "Please enter a valid email address.",
        path: ["email"],
      });
    }
  });

  it("refuses an address longer than 254 characters", () => {
    // A well-formed address of a given length: 64-character local part, 63-character labels.
    const ofLength = (n: number) => `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(n - 197)}.com`;
    expect(ofLength(254)).toHaveLength(254);
    expect(newsletterSignupSchema.safeParse({ email: ofLength(254) }).success).toBe(true);
    expect(problem({ email: ofLength(255) })).toEqual({
      message: "Please enter a valid email address.",
      path: ["email"],
    });
  });

  it("refuses unknown fields and non-objects", () => {
    expect(problem({ email: "a@example.com", admin: true })).toEqual({
      message: "Only an email address is accepted.",
      path: [],
    });
    for (const input of [null, "a@example.com", ["a@example.com"]]) {
      expect(problem(input)?.message, JSON.stringify(input)).toBe("Expected an object with an email.");
    }
  });
});
