import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiRequest, readableError } from "./api-request";

afterEach(() => {
  vi.unstubAllGlobals();
});

const answer = (status: number, body: string, statusText = "") => {
  vi.stubGlobal("fetch", () => Promise.resolve(new Response(body || null, { status, statusText })));
};

describe("apiRequest", () => {
  it("throws '{status}: {text}' and exposes the status, code and field the server sent", async () => {
    const body = JSON.stringify({ error: "Choose one of the four categories", code: "invalid", field: "category" });
    answer(400, body);
    const error = await apiRequest("POST", "/api/posts", {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: `400: ${body}`,
      status: 400,
      code: "invalid",
      field: "category",
      reason: "Choose one of the four categories",
    });
  });

  it("keeps a body that is not a JSON error as the reason, and the status text for an empty one", async () => {
    answer(502, "Bad gateway from the proxy");
    await expect(apiRequest("GET", "/api/posts")).rejects.toMatchObject({
      message: "502: Bad gateway from the proxy",
      reason: "Bad gateway from the proxy",
      code: undefined,
      field: undefined,
    });
    answer(503, "", "Service Unavailable");
    await expect(apiRequest("GET", "/api/posts")).rejects.toMatchObject({ message: "503: Service Unavailable" });
  });
});

describe("readableError", () => {
  it("is the server's sentence, or the fallback when there is none to show", () => {
    const said = new ApiError(401, JSON.stringify({ error: "Invalid credentials", code: "unauthenticated" }));
    expect(readableError(said, "Try again")).toBe("Invalid credentials");
    expect(readableError(new ApiError(502, "<html>Bad gateway</html>"), "Try again")).toBe("Try again");
    expect(readableError(new TypeError("Failed to fetch"), "Try again")).toBe("Try again");
  });
});
