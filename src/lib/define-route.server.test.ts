import { inspect } from "node:util";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import type { DbHandle } from "../../db/client.ts";
import { callEndpoint, endpoints, type Call } from "../../tests/api-routes.ts";
import { insertPost } from "../../tests/factories.ts";
import { createTestDb } from "../../tests/setup/test-db.ts";
import type { SessionUser } from "@/lib/session-user";
import { defineRoute } from "./define-route.server";
import { useDatabase } from "./site-database.server";

const admin: SessionUser = { id: 1, username: "owner", role: "admin" };

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
  useDatabase(handle);
  await insertPost(handle.db, { slug: "kept", title: "Kept" });
});
afterAll(async () => {
  await handle.close();
});

function endpoint(method: string, path: string) {
  const found = endpoints.find((e) => e.method === method && e.path === path);
  if (!found) throw new Error(`no ${method} ${path}`);
  return found;
}

async function answer(method: string, path: string, call: Partial<Call>) {
  const response = await callEndpoint(endpoint(method, path), { user: admin, params: {}, ...call });
  return { status: response.status, body: (await response.json()) as unknown };
}

const post = { title: "A title", excerpt: "x", content: "x", category: "Meh Moments" };

describe("text no field may hold is a 400 naming where it is, before the database sees it", () => {
  it.each([
    ["a route parameter", "GET", "/api/posts/[ref]", { params: { ref: "a\u0000b" } }, "ref"],
    ["a searched query", "GET", "/api/posts/search", { query: [["q", "a\u0000b"]] }, "q"],
    ["a query no schema reads", "GET", "/api/posts/recent", { query: [["utm", "\u0000"]] }, "utm"],
    [
      "a repeated query name",
      "GET",
      "/api/posts/search",
      {
        query: [
          ["q", "meh"],
          ["q", "\u0000"],
        ],
      },
      "q",
    ],
    ["a query the route reads itself", "PUT", "/api/objects/upload", { query: [["policy", "\u0000"]] }, "policy"],
    [
      "a lone surrogate in a title",
      "POST",
      "/api/posts",
      { body: JSON.stringify({ ...post, title: "\ud800" }) },
      "title",
    ],
    [
      "a NUL in a URL field",
      "POST",
      "/api/posts",
      { body: JSON.stringify({ ...post, imageUrl: "/a\u0000.jpg" }) },
      "imageUrl",
    ],
    ["a field no schema takes", "POST", "/api/posts", { body: JSON.stringify({ ...post, extra: "\u0000" }) }, "extra"],
    [
      "a sign-in name",
      "POST",
      "/api/auth/login",
      { body: JSON.stringify({ username: "\u0000", password: "x" }) },
      "username",
    ],
  ] as const)("%s", async (_, method, path, call, field) => {
    const { status, body } = await answer(method, path, call);
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: "invalid", field });
  });

  it("in any field of a form, which lands on the try-again page", async () => {
    const response = await callEndpoint(endpoint("POST", "/api/newsletter/subscribe"), {
      user: null,
      params: {},
      body: "email=someone%40example.com&submit=%00",
      contentType: "application/x-www-form-urlencoded",
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/newsletter/try-again?reason=invalid");
  });

  it("lets ordinary text through", async () => {
    expect(await answer("GET", "/api/posts/search", { query: [["q", "kept\tthing\n"]] })).toMatchObject({
      status: 200,
    });
    expect(await answer("GET", "/api/posts/[ref]", { params: { ref: "kept" } })).toMatchObject({ status: 200 });
  });
});

describe("an unexpected error", () => {
  // A route whose query the database refuses, and quotes back in its error.
  const failing = defineRoute({
    access: "public",
    query: z.object({ n: z.string() }),
    run: ({ query, db }) => db.execute(sql`select ${query.n}::int`),
  });

  it("is a bare 500, logged as one line with the route and the SQLSTATE, never the parameters", async () => {
    const logged = vi.spyOn(console, "error").mockImplementationOnce(() => undefined);
    const response = await callEndpoint(
      { method: "GET", path: "/api/failing/[id]", params: ["id"], route: failing },
      { user: null, params: { id: "7" }, query: [["n", "secret-4242"]] },
    );
    const lines = logged.mock.calls.map((args) => args.map((arg) => inspect(arg, { depth: 5 })).join(" "));
    logged.mockClear();
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: "Internal server error", code: "internal" });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("GET /api/failing/[id]");
    // invalid_text_representation: the SQLSTATE says what went wrong without the text.
    expect(lines[0]).toContain("22P02");
    expect(lines[0]).not.toContain("secret-4242");
  });
});
