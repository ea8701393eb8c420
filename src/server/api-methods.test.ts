import { describe, expect, it } from "vitest";
import { endpoints } from "../../tests/api-routes";
import { allowedMethods, refuseUndeclaredMethod } from "./api-methods";

describe("the methods an API route takes", () => {
  it("are the handlers its module exports, HEAD wherever GET is", async () => {
    expect(await allowedMethods("/api/posts/[id]/preview-link")).toEqual(["POST", "DELETE"]);
    expect(await allowedMethods("/api/posts")).toEqual(["GET", "HEAD", "POST"]);
    expect(await allowedMethods("/post/[slug]")).toBeUndefined();
  });

  it("name every declared endpoint's method, for every route", async () => {
    for (const { method, path } of endpoints) expect(await allowedMethods(path)).toContain(method);
  });

  it("refuse another method with 405, Allow and a plain word, and pass a declared one", async () => {
    const refused = await refuseUndeclaredMethod("GET", "/api/posts/[id]/preview-link");
    expect(refused?.status).toBe(405);
    expect(refused?.headers.get("allow")).toBe("POST, DELETE");
    expect(await refused?.json()).toEqual({
      error: "GET is not allowed here; this address takes POST or DELETE.",
      code: "method_not_allowed",
    });
    expect(await refuseUndeclaredMethod("POST", "/api/posts/[id]/preview-link")).toBeUndefined();
    expect(await refuseUndeclaredMethod("HEAD", "/api/posts")).toBeUndefined();
  });
});
