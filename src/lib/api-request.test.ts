import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiPage, apiRequest, readableError } from "./api-request";

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

describe("apiPage", () => {
  const listing = (headers: Record<string, string>) => {
    vi.stubGlobal("fetch", () => Promise.resolve(Response.json([{ id: 1 }, { id: 2 }], { headers })));
  };

  it("reads the total from X-Total-Count", async () => {
    listing({ "X-Total-Count": "40" });
    expect(await apiPage("/api/posts")).toEqual({ items: [{ id: 1 }, { id: 2 }], total: 40 });
  });

  it("reads how many there are at least where the server stopped counting", async () => {
    listing({ "X-Total-Count-At-Least": "1001" });
    expect(await apiPage("/api/posts/search?q=meh")).toEqual({
      items: [{ id: 1 }, { id: 2 }],
      total: 1001,
      capped: true,
    });
  });

  it("counts the page's own items when the server says nothing usable", async () => {
    listing({ "X-Total-Count": "many" });
    expect((await apiPage("/api/posts")).total).toBe(2);
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
