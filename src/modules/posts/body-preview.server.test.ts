import { describe, expect, it } from "vitest";
import { callEndpoint, endpoints } from "../../../tests/api-routes.ts";
import { adminSite } from "../../../tests/setup/admin-site.ts";
import { present } from "../../../tests/setup/present.ts";
import type { SessionUser } from "@/lib/session-user";
import { postIdPrefix, renderBody } from "@/lib/markdown/render-body";
import { createVideo } from "@/modules/videos/video-writes.server";
import { sampleVideo } from "../../../tests/setup/sample-items.ts";
import { BODY_PREVIEW_ENDPOINT } from "./body-preview-schema";

const site = adminSite();
const endpoint = present(endpoints.find((e) => e.method === "POST" && e.path === BODY_PREVIEW_ENDPOINT));

/** Ask for a preview as `user`; the answer's status and JSON. */
async function preview(body: string, user: SessionUser | null = site.admin) {
  const response = await callEndpoint(endpoint, { user, params: {}, body });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}
const ask = (input: unknown, user?: SessionUser | null) => preview(JSON.stringify(input), user);

const ESSAY = "## A plan\n\nIt was *fine*.[^1] See [the report](https://example.com/report).\n\n[^1]: Mostly.";

describe("POST /api/posts/body-preview", () => {
  it("draws the body exactly as the post's page does, ids and all, and counts its words, not its markup", async () => {
    const answer = await ask({ content: ESSAY, postId: 7 });
    expect(answer.status).toBe(200);
    expect(answer.json.html).toBe(
      renderBody({ content: ESSAY, format: "markdown" }, { idPrefix: postIdPrefix(7), medium: "page" }),
    );
    expect(answer.json.html).toContain('id="p7-');
    // "A plan It was fine.1 See the report. Mostly." as a reader reads it.
    expect(answer.json).toMatchObject({ words: 9, readTime: 1 });
  });

  it("draws an embedded video as the page will, from the site's own videos", async () => {
    const video = await createVideo(
      site.handle.db,
      sampleVideo({ title: "The Previewed Kettle", status: "published" }),
    );
    const html = String((await ask({ content: `Before.\n\n::video[${video.slug}]` })).json.html);
    expect(html).toContain("The Previewed Kettle");
    expect(html).toContain(`href="/videos/${video.slug}"`);
  });

  it("gives a post not saved yet ids no saved post has", async () => {
    const answer = await ask({ content: ESSAY });
    expect(answer.json.html).toContain('id="new-');
    expect(answer.json.html).not.toMatch(/id="p\d/);
  });

  it("previews an empty body as nothing, a minute to read", async () => {
    expect((await ask({ content: "  " })).json).toEqual({ html: "", words: 0, readTime: 1 });
  });

  it("lets no markup through that the page would not", async () => {
    const hostile = [
      "<script>alert(1)</script>",
      '<img src="x" onerror="alert(1)">',
      "[click](javascript:alert(1))",
      "![x](data:image/svg+xml;base64,PHN2Zz4=)",
      '<iframe src="https://evil.example"></iframe>',
      "<svg onload=alert(1)></svg>",
    ].join("\n\n");
    const { status, json } = await ask({ content: hostile });
    expect(status).toBe(200);
    expect(json.html).not.toMatch(/<script|<iframe|<svg|onerror|onload|javascript:|data:image/i);
  });

  it("answers only the admin: 401 to nobody signed in, 403 to a reader", async () => {
    expect((await ask({ content: "Hi." }, null)).status).toBe(401);
    expect((await ask({ content: "Hi." }, { id: 9, username: "reader", role: "user" })).status).toBe(403);
  });

  it("refuses bad input with 400, naming the field", async () => {
    for (const [input, field] of [
      [{}, "content"],
      [{ content: 42 }, "content"],
      [{ content: "x".repeat(100_001) }, "content"],
      [{ content: "Hi.", postId: 0 }, "postId"],
      [{ content: "Hi.", postId: "7" }, "postId"],
    ] as const) {
      const { status, json } = await ask(input);
      expect([status, json.field], JSON.stringify(input)).toEqual([400, field]);
    }
  });

  it("refuses what it does not take: a field it does not know, with 400 naming it", async () => {
    const { status, json } = await ask({ content: "Hi.", format: "html" });
    expect([status, json.error]).toEqual([400, expect.stringContaining('"format"')]);
  });

  it("refuses a body past its size with 413, before reading it as JSON", async () => {
    const { status, json } = await ask({ content: "é".repeat(200_000) });
    expect([status, json.code]).toEqual([413, "too_large"]);
  });
});
