import { beforeAll, describe, expect, it } from "vitest";
import { callEndpoint, endpoints } from "../../tests/api-routes.ts";
import { insertPost, insertVideo } from "../../tests/factories.ts";
import { adminSite } from "../../tests/setup/admin-site.ts";
import { MANUAL_SAVE } from "@/modules/page-layouts/api-schema";
import { newElement } from "@/modules/page-layouts/defaults";
import type { LayoutJson } from "@/modules/page-layouts/layout-json";
import { createLayout } from "@/modules/page-layouts/layouts.server";

// What an admin's GET returns, sent back by PUT with one field changed, saves: the read-only
// fields in it are taken and ignored, and any other unknown key is still a 400 naming it.

const site = adminSite();
const { admin } = site;

/** Call `METHOD path` as the admin, with `ref` as the path's parameter; the answer's status and JSON. */
async function call(method: "GET" | "PUT", path: string, ref: string, body?: unknown) {
  const endpoint = endpoints.find((e) => e.method === method && e.path === path);
  if (!endpoint) throw new Error(`${method} ${path} is not declared`);
  const response = await callEndpoint(endpoint, {
    user: admin,
    params: { ref },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

describe.each([
  {
    kind: "post",
    path: "/api/posts/[ref]",
    insert: (overrides: object) => insertPost(site.handle.db, overrides),
    change: { title: "A Kettle, Mostly Cold" },
  },
  {
    kind: "video",
    path: "/api/videos/[ref]",
    insert: (overrides: object) => insertVideo(site.handle.db, overrides),
    change: { duration: 42 },
  },
])("a $kind read by the admin and sent back", ({ path, insert, change }) => {
  // Published 12 minutes late, so every read-only field has a value to keep.
  const publishedLate = { publishedAt: new Date("2026-01-05T08:00:00.000Z"), lateSeconds: 720 };

  it("saves the change and keeps the read-only fields", async () => {
    const item = await insert(publishedLate);
    const read = await call("GET", path, item.slug);
    expect(read.json).toMatchObject({ id: item.id, slug: item.slug, status: "published", lateSeconds: 720 });
    const saved = await call("PUT", path, String(item.id), { ...read.json, ...change });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect((await call("GET", path, item.slug)).json).toEqual({ ...read.json, ...change });
  });

  it("ignores read-only fields sent with other values", async () => {
    const item = await insert(publishedLate);
    const read = await call("GET", path, item.slug);
    const otherwise = {
      id: 999_999,
      slug: "somewhere-else",
      lateSeconds: 0,
      publishedAt: "2020-01-01T00:00:00.000Z",
      ...(path.includes("posts") && { readTime: 42 }),
    };
    const saved = await call("PUT", path, String(item.id), { ...read.json, ...change, ...otherwise });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect(saved.json).toEqual({ ...read.json, ...change });
  });

  it("saves a draft sent back as it was read, with no publish date", async () => {
    const item = await insert({ status: "draft" });
    const read = await call("GET", path, item.slug);
    expect(read.json).toMatchObject({ status: "draft", publishedAt: null });
    const saved = await call("PUT", path, String(item.id), { ...read.json, ...change });
    expect([saved.status, saved.json.status]).toEqual([200, "draft"]);
  });

  it("still refuses an unknown key, naming it, and a future time that would publish early", async () => {
    const item = await insert(publishedLate);
    const read = await call("GET", path, item.slug);
    const unknown = await call("PUT", path, String(item.id), { ...read.json, colour: "grey" });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error).toContain("colour");
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const early = await call("PUT", path, String(item.id), { ...read.json, publishedAt: future });
    expect([early.status, early.json.field]).toEqual([400, "publishedAt"]);
    expect((await call("GET", path, item.slug)).json).toEqual(read.json);
  });
});

describe("a layout read by the admin and sent back", () => {
  const text = (content: string) => ({ ...newElement("text", "element-1"), content });
  const read = async () => (await call("GET", "/api/layouts/[ref]", "home")).json as unknown as LayoutJson;
  let layout: LayoutJson;
  beforeAll(async () => {
    await createLayout(site.handle.db, { pageName: "home", pageType: "page", elements: [text("Meh")] }, admin.id);
    layout = await read();
  });
  const put = (body: unknown) => call("PUT", "/api/layouts/[ref]", String(layout.id), body);

  it("saves new elements as the next version and keeps the read-only fields", async () => {
    const before = await read();
    const saved = await put({ ...before, elements: [text("Less meh")] });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    const after = await read();
    expect(after.elements).toEqual([text("Less meh")]);
    expect(after.version).toBe(before.version + 1);
    const { id, pageName, pageType, isActive, publishedVersionId, createdAt } = before;
    expect(after).toMatchObject({ id, pageName, pageType, isActive, publishedVersionId, createdAt });
  });

  it("saves the spec's body, elements and a change description, on top of the newest version", async () => {
    const before = await read();
    const saved = await put({ elements: [text("Spec")], changeDescription: MANUAL_SAVE });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect(await read()).toMatchObject({ elements: [text("Spec")], version: before.version + 1 });
  });

  it("still refuses a stale baseVersion with 409, and an unknown key with 400 naming it", async () => {
    const before = await read();
    const stale = await put({ elements: [text("Late")], changeDescription: MANUAL_SAVE, baseVersion: 1 });
    expect(stale.status).toBe(409);
    const unknown = await put({ ...before, colour: "grey" });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error).toContain("colour");
    expect(await read()).toEqual(before);
  });
});
