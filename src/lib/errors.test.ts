import { describe, expect, it } from "vitest";
import { notFound, rateLimited, waitText } from "./errors";

describe("DomainError", () => {
  it("carries a stable code, and when to retry for a rate limit", () => {
    expect(notFound("Post")).toMatchObject({ code: "not_found", message: "Post not found" });
    expect(rateLimited(12)).toMatchObject({ code: "rate_limited", retryAfterSeconds: 12 });
  });

  it("tells a rate-limited person when to try again, in words", () => {
    expect(rateLimited(690).message).toBe("Too many attempts. Try again in 12 minutes.");
    expect([1, 45, 60, 61, 7199, 7200, 9000].map(waitText)).toEqual([
      "1 second",
      "45 seconds",
      "1 minute",
      "2 minutes",
      "120 minutes",
      "2 hours",
      "3 hours",
    ]);
  });
});
