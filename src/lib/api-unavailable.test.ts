import { describe, expect, it } from "vitest";
import { ApiError } from "./api-request";
import { apiUnavailable } from "./api-unavailable";

describe("apiUnavailable", () => {
  it("is true when the API could not answer: no response, a timeout, a failing or busy server", () => {
    expect(apiUnavailable(new TypeError("Failed to fetch"))).toBe(true);
    expect(apiUnavailable(new DOMException("signal timed out", "TimeoutError"))).toBe(true);
    expect(apiUnavailable(new ApiError(500, "boom"))).toBe(true);
    expect(apiUnavailable(new ApiError(503, "busy"))).toBe(true);
    expect(apiUnavailable(new ApiError(429, "slow down"))).toBe(true);
  });

  it("is false when the API answered with a refusal, or the visitor moved on", () => {
    expect(apiUnavailable(new ApiError(400, '{"error":"Search term is too long","field":"q"}'))).toBe(false);
    expect(apiUnavailable(new ApiError(404, "not found"))).toBe(false);
    expect(apiUnavailable(new DOMException("aborted", "AbortError"))).toBe(false);
    expect(apiUnavailable(new Error("a bug"))).toBe(false);
  });
});
