import { hash } from "@node-rs/argon2";
import pg from "pg";
import { databaseUrl } from "../setup/postgres-url";
import { expect, test } from "./fixtures";
import { siteOrigin } from "./support";

// Runs in the PostgreSQL project: the test adds a signed-up user without the admin role
// straight to the database, as no screen makes one.

const post = { title: "Matrix", excerpt: "x", content: "x", category: "Meh Moments" };
const video = {
  title: "Matrix",
  description: "x",
  category: "Meh Moments",
  videoUrl: "/uploads/x.mp4",
  thumbnailUrl: "/uploads/x.jpg",
  duration: 1,
};

/** Every admin endpoint, with a body that would be valid. */
const ENDPOINTS: { method: "POST" | "PUT" | "DELETE"; path: string; data?: object }[] = [
  { method: "POST", path: "/api/posts", data: post },
  { method: "PUT", path: "/api/posts/999999", data: post },
  { method: "DELETE", path: "/api/posts/999999" },
  { method: "POST", path: "/api/posts/999999/images", data: { imageUrl: "/uploads/x.jpg" } },
  { method: "DELETE", path: "/api/post-images/999999" },
  { method: "POST", path: "/api/videos", data: video },
  { method: "PUT", path: "/api/videos/999999", data: video },
  { method: "DELETE", path: "/api/videos/999999" },
];

test("every admin endpoint: 401 for visitors, 403 for users without the admin role, allowed for the admin", async ({
  admin,
  playwright,
}) => {
  const client = new pg.Client({
    connectionString: databaseUrl(process.env.TEST_DATABASE_URL ?? "", process.env.E2E_PG_DATABASE ?? ""),
  });
  await client.connect();
  const username = `reader-${crypto.randomUUID().slice(0, 8)}`;
  await client.query("insert into users (username, password_hash, role) values ($1, $2, 'user')", [
    username,
    await hash("a reader's password", { memoryCost: 19_456, timeCost: 2, parallelism: 1 }),
  ]);
  await client.end();

  const origin = siteOrigin();
  const visitor = await playwright.request.newContext({ baseURL: origin, extraHTTPHeaders: { Origin: origin } });
  const reader = await playwright.request.newContext({ baseURL: origin, extraHTTPHeaders: { Origin: origin } });
  const login = await reader.post("/api/auth/login", { data: { username, password: "a reader's password" } });
  expect(await login.json()).toEqual({ user: { username, role: "user" } });

  for (const { method, path, data } of ENDPOINTS) {
    const call = (context: typeof admin) => context.fetch(path, { method, data });
    expect((await call(visitor)).status(), `${method} ${path} as a visitor`).toBe(401);
    expect((await call(reader)).status(), `${method} ${path} as a user`).toBe(403);
    const asAdmin = await call(admin);
    // Allowed: created, or the item named is not there; never refused.
    expect([200, 201, 404], `${method} ${path} as the admin`).toContain(asAdmin.status());
    if (asAdmin.status() === 201) {
      const { id } = (await asAdmin.json()) as { id: number };
      await admin.delete(`${path}/${id}`);
    }
  }
  expect((await reader.get("/admin", { maxRedirects: 0 })).status()).toBe(303);
  await visitor.dispose();
  await reader.dispose();
});
