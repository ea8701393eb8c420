import { describe, expect, it } from "vitest";
import { DomainError, notFound, rateLimited } from "./errors";

describe("DomainError", () => {
  it("is recognised by its mark, so an error from another copy of this module is still one", () => {
    const fromAnotherCopy = Object.assign(new Error("Post not found"), {
      [Symbol.for("mostly-meh.domain-error")]: true,
      code: "not_found",
    });
    expect(fromAnotherCopy).toBeInstanceOf(DomainError);
    expect(new Error("Post not found")).not.toBeInstanceOf(DomainError);
    expect(notFound("Post")).toBeInstanceOf(DomainError);
  });

  it("carries a stable code, and when to retry for a rate limit", () => {
    expect(notFound("Post")).toMatchObject({ code: "not_found", message: "Post not found" });
    expect(rateLimited(12)).toMatchObject({ code: "rate_limited", retryAfterSeconds: 12 });
  });
});
