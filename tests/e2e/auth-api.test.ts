import { expect, test } from "@playwright/test";
import { E2E_ADMIN, fromVisitor, siteOrigin } from "./support";

test("sign in, see who I am, sign out", async ({ playwright }) => {
  const context = await playwright.request.newContext({
    baseURL: siteOrigin(),
    extraHTTPHeaders: { Origin: siteOrigin(), ...fromVisitor() },
  });
  const login = await context.post("/api/auth/login", { data: E2E_ADMIN });
  expect(login.status()).toBe(200);
  expect(await login.json()).toEqual({ user: { username: E2E_ADMIN.username, role: "admin" } });
  const cookie = login.headers()["set-cookie"] ?? "";
  expect(cookie).toMatch(/^session=[a-z2-7]{24}\.[a-z2-7]{24};/);
  expect(cookie).toContain("HttpOnly");
  expect(cookie).toContain("SameSite=Lax");
  expect(cookie).toContain("Path=/");
  // And a device cookie: this browser is the owner's, for the account-wide sign-in cap.
  const device = cookie.split("\n").find((c) => c.startsWith("device=")) ?? "";
  expect(device).toMatch(/^device=[\w-]{24}\.[\w-]{43};/);
  for (const attribute of ["HttpOnly", "SameSite=Lax", "Path=/", "Max-Age=15552000"])
    expect(device).toContain(attribute);

  const me = await context.get("/api/auth/me");
  expect(me.status()).toBe(200);
  expect(me.headers()["cache-control"]).toBe("no-store");
  expect(await me.json()).toEqual({ user: { username: E2E_ADMIN.username, role: "admin" } });

  expect((await context.post("/api/auth/logout")).status()).toBe(200);
  expect((await context.get("/api/auth/me")).status()).toBe(401);
  await context.dispose();
});

test("a wrong password and an unknown user get the same answer", async ({ request }) => {
  const headers = { Origin: siteOrigin(), ...fromVisitor() };
  const wrong = await request.post("/api/auth/login", {
    headers,
    data: { username: E2E_ADMIN.username, password: "nope" },
  });
  const unknown = await request.post("/api/auth/login", {
    headers,
    data: { username: "nobody-here", password: "nope" },
  });
  expect(wrong.status()).toBe(401);
  expect(unknown.status()).toBe(401);
  expect(await wrong.text()).toBe(await unknown.text());
  const blank = await request.post("/api/auth/login", { headers, data: { username: "", password: "" } });
  expect(blank.status()).toBe(400);
  expect(await blank.json()).toEqual({ error: "Username is required", code: "invalid", field: "username" });
});

test("two session cookies sign in nobody, and the session cookie is cleared", async ({ playwright }) => {
  const context = await playwright.request.newContext({
    baseURL: siteOrigin(),
    extraHTTPHeaders: { Origin: siteOrigin(), ...fromVisitor() },
  });
  const login = await context.post("/api/auth/login", { data: E2E_ADMIN });
  const token = /^session=([^;]+)/.exec(login.headers()["set-cookie"] ?? "")?.[1] ?? "";
  const me = await playwright.request.newContext({ baseURL: siteOrigin() });
  for (const cookie of [`session=${token}; session=${token}`, `session=${token}; theme=dark; session=planted`]) {
    const res = await me.get("/api/auth/me", { headers: { Cookie: cookie } });
    expect(res.status(), cookie).toBe(401);
    expect(res.headers()["set-cookie"], cookie).toMatch(/^session=deleted;.* Expires=Thu, 01 Jan 1970/);
  }
  expect((await me.get("/api/auth/me", { headers: { Cookie: `session=${token}` } })).status()).toBe(200);
  await me.dispose();
  await context.dispose();
});
