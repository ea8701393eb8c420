import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "../db/client.ts";
import { callEndpoint, endpoints, type Call, type Endpoint } from "./api-routes.ts";
import { insertPost, insertPostImage, insertUser, insertVideo } from "./factories.ts";
import { queuedJobs } from "./setup/queued-jobs.ts";
import { createTestDb } from "./setup/test-db.ts";
import { countWrites } from "./setup/write-counter.ts";
import type { SessionUser } from "@/lib/session-user";
import { createLayout } from "@/modules/page-layouts/layouts.server";
import type { LayoutElement } from "@/modules/page-layouts/schema";
import { LocalStore } from "@/modules/uploads/local-store.server";
import { CATEGORIES } from "@/lib/categories";
import { ensureSigningKeys } from "@/lib/signing.server";
import { useJobSender } from "@/lib/job-registry";
import { useDatabase } from "@/lib/site-database.server";
import { useObjectStore } from "@/modules/uploads/site-objects.server";

// Hostile input of every shape, in parameters, query and body, to every /api route as the
// admin (who gets furthest): never a 5xx, and a refused request or a GET writes nothing. The bar is
// 15,000 requests in all, shared among the routes, so a new route does not lengthen the run.
// The routes are fuzzed in two files (reads, and writes), each on a database of its own, so
// the two halves run side by side.
const TOTAL_RUNS = 15_000;
const RUNS_PER_ENDPOINT = Math.ceil(TOTAL_RUNS / endpoints.length);
// Fixed, so a run is repeatable; change it to explore other inputs.
const SEED = 20_240_611;

const admin: SessionUser = { id: 1, username: "owner", role: "admin" };

const validPost = {
  title: "Fuzzed thing",
  excerpt: "An excerpt.",
  content: "Some content.",
  category: "Meh Moments",
  mehRating: 3,
  imageUrl: "/uploads/images/x.jpg",
  readTime: 1,
  images: [{ imageUrl: "/uploads/images/y.jpg", description: "A picture", displayOrder: 0 }],
};
const validVideo = {
  title: "Fuzzed video",
  description: "A description.",
  category: "Meh Moments",
  videoUrl: "/uploads/videos/x.mp4",
  thumbnailUrl: "/uploads/images/x.jpg",
  mehRating: 3,
  duration: 12,
};

const validElements: LayoutElement[] = [
  {
    id: "element-1",
    type: "text",
    x: 100,
    y: 100,
    width: 200,
    height: 40,
    content: "Meh",
    styles: { color: "#333333" },
  },
];

/** A body each write would take, keyed by `METHOD pattern`; a route not named gets `{}`. */
const VALID_BODIES: Record<string, Record<string, unknown>> = {
  "POST /api/posts": validPost,
  "PUT /api/posts/[ref]": validPost,
  "POST /api/videos": validVideo,
  "PUT /api/videos/[ref]": validVideo,
  "POST /api/posts/[id]/images": { imageUrl: "/uploads/images/z.jpg", description: "Another", displayOrder: 1 },
  "POST /api/auth/login": { username: "owner", password: "not the password" },
  "POST /api/newsletter/subscribe": { email: "someone@example.com" },
  "POST /api/newsletter/issues": { postIds: [1], videoIds: [1], subject: "Things, noticed" },
  "POST /api/newsletter/issues/[id]/send": { overLimit: true },
  "PUT /api/newsletter/digest": { dayOfMonth: 15 },
  "POST /api/nickname/generate": { name: "Ada", attempt: 1, avoid: ["Ada, Mostly"] },
  "POST /api/objects/normalize": { rawPath: "/uploads/raw/image/1/abcdefghijklmnopqrstuvwxyz" },
  "POST /api/layouts": { pageName: "home", pageType: "page", elements: validElements },
  "PUT /api/layouts/[ref]": { elements: validElements, changeDescription: "Manual save", baseVersion: 1 },
  "POST /api/layouts/[ref]/publish": { versionId: 1 },
};

/** Parameters a read by name would find, keyed like VALID_BODIES; any other parameter is the id 1. */
const VALID_PARAMS: Record<string, Record<string, string>> = {
  "GET /api/posts/[ref]": { ref: "first-post" },
  "GET /api/videos/[ref]": { ref: "first-video" },
  "GET /api/layouts/[ref]": { ref: "home" },
  "GET /api/layouts/[ref]/styles.css": { ref: "home" },
  "GET /api/slugs/[kind]": { kind: "posts" },
};

/** Query names routes read as whole numbers: pages, page sizes, the revision to continue before, a stylesheet's version. */
const NUMBER_QUERY_NAMES = ["page", "limit", "before", "v"];

/** Query names routes read, and values each would take, so a request gets past them to the next check. */
const QUERY_VALUES = new Map<string, fc.Arbitrary<string>>(
  Object.entries({
    category: fc.constantFrom(...CATEGORIES, ""),
    q: fc.constantFrom("meh", "kettle", "", "the"),
    contentType: fc.constantFrom("image/jpeg", "video/mp4", "image/svg+xml"),
    status: fc.constantFrom("published", "draft", "all", "pending", "active", "bounced", ""),
    search: fc.constantFrom("example", "%", "_", ""),
    format: fc.constantFrom("csv", "json"),
    // The analytics summary's days: real ones near each other, edges, and impossible ones.
    from: fc.constantFrom("2026-11-01", "2026-02-29", "0000-01-01", "9999-12-31", "2026-13-01"),
    to: fc.constantFrom("2026-11-30", "2026-11-01", "2027-11-30", "2026-02-30"),
    policy: fc.base64String({ maxLength: 60 }),
    signature: fc.base64String({ maxLength: 60 }),
    ...Object.fromEntries(NUMBER_QUERY_NAMES.map((name) => [name, fc.constantFrom("1", "2", "50")])),
  }),
);

/** Any UTF-16 code unit, lone surrogates included. */
const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));

const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "a\u0000b",
    "\ud800",
    "x\udfffy",
    "\u0001\u0007\u001b[31m\u007f",
    "line\r\nbreak\ttab",
    "\u202eevil\u200b\ufeff\ufffe",
    "🙂 👍🏽 e\u0301",
    "'; drop table posts; --",
    "' or '1'='1",
    "%00%ff%c0%80",
    "../../../etc/passwd",
    "..\\..\\windows",
    "/uploads/../../secret",
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "//evil.example/x",
    "\\\\evil.example\\x",
    "data:text/html,<script>alert(1)</script>",
    "<script>alert(1)</script>",
    "${7*7}{{7*7}}",
    "null",
    "NaN",
    "-1",
    "0",
    "1e309",
    "99999999999999999999",
    "__proto__",
    "constructor",
  ),
  fc.string({ unit: codeUnit, maxLength: 30 }),
  fc.string({ unit: "binary", maxLength: 30 }),
  fc.constantFrom(3000, 70_000).map((length) => "x".repeat(length)),
);

/** Any JSON-able value, wrong types and hostile strings included. */
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 3 }),
  fc.array(hostileString, { maxLength: 3 }),
  fc.dictionary(hostileString, hostileString, { maxKeys: 3 }),
);

/** A valid text with one bad character put in somewhere, so only the text rule can refuse it. */
function spliced(valid: string): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.nat({ max: valid.length }),
      fc.constantFrom("\u0000", "\ud800", "\udfff", "\u0001", "\u001b", "\n", "\u007f"),
    )
    .map(([at, bad]) => valid.slice(0, at) + bad + valid.slice(at));
}

/** Where each text sits in a JSON value, as the keys leading to it. */
function textPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === "string") return [path];
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([key, item]) =>
    textPaths(item, [...path, Array.isArray(value) ? Number(key) : key]),
  );
}

/** The valid body with one of its texts spliced. */
function withSplicedText(valid: Record<string, unknown>): fc.Arbitrary<unknown> {
  const paths = textPaths(valid);
  if (paths.length === 0) return fc.constant(valid);
  return fc.constantFrom(...paths).chain((path) => {
    const text = path.reduce<unknown>((at, key) => (at as Record<string | number, unknown>)[key], valid) as string;
    return spliced(text).map((bad) => {
      const body = structuredClone(valid);
      const parent = path
        .slice(0, -1)
        .reduce<unknown>((at, key) => (at as Record<string | number, unknown>)[key], body);
      (parent as Record<string | number, unknown>)[path.at(-1) ?? ""] = bad;
      return body;
    });
  });
}

const PARAM_VALUES = ["1", "2", "999999", "first-post", "first-video", "home"];
/** A parameter: an existing item, one that does not exist, one of those spliced, or anything. */
const paramValue = fc.oneof(
  fc.constantFrom(...PARAM_VALUES, "0", "-1"),
  fc.constantFrom(...PARAM_VALUES).chain(spliced),
  hostileString,
);

/** A body: none, malformed, any JSON, or the valid one as it is or with a field made wrong, dropped, added, or every text hostile. */
function bodyFor(valid: Record<string, unknown>): fc.Arbitrary<string | undefined> {
  const keys = Object.keys(valid);
  const json = fc.oneof(
    fc.constant(valid),
    fc.jsonValue({ maxDepth: 4 }),
    keys.length === 0
      ? fc.constant(valid)
      : fc
          .record({ key: fc.constantFrom(...keys), value: anyValue })
          .map(({ key, value }) => ({ ...valid, [key]: value })),
    keys.length === 0
      ? fc.constant(valid)
      : fc.constantFrom(...keys).map((key) => Object.fromEntries(Object.entries(valid).filter(([k]) => k !== key))),
    fc
      .record({
        key: fc.oneof(fc.constantFrom("id", "publishedAt", "__proto__", "slug", "readTime"), hostileString),
        value: anyValue,
      })
      .map(({ key, value }) => ({ ...valid, [key]: value })),
    withSplicedText(valid),
    withSplicedText(valid),
    fc
      .array(hostileString, { minLength: keys.length, maxLength: keys.length })
      .map((values) => Object.fromEntries(keys.map((key, i) => [key, values[i]]))),
  );
  return fc.oneof(
    { weight: 6, arbitrary: json.map((value) => JSON.stringify(value)) },
    fc.constantFrom(
      undefined,
      "",
      "{",
      "null",
      '{"a":',
      "\u0000",
      '{"title":"\\ud800"}',
      `${"[".repeat(5000)}${"]".repeat(5000)}`,
    ),
    hostileString,
  );
}

function requestFor(endpoint: Endpoint): fc.Arbitrary<Call> {
  const valid = VALID_BODIES[`${endpoint.method} ${endpoint.path}`] ?? {};
  const queryName = fc.oneof(fc.constantFrom(...QUERY_VALUES.keys()), hostileString);
  const queryPair = queryName.chain((name) =>
    fc.tuple(
      fc.constant(name),
      fc.oneof(
        QUERY_VALUES.get(name) ?? hostileString,
        (QUERY_VALUES.get(name) ?? fc.constant("meh")).chain(spliced),
        hostileString,
      ),
    ),
  );
  return fc.record({
    user: fc.constant(admin),
    params: fc.record(Object.fromEntries(endpoint.params.map((name) => [name, paramValue]))),
    query: fc.array(queryPair, { maxLength: 3 }),
    body: endpoint.method === "GET" || endpoint.method === "DELETE" ? fc.constant(undefined) : bodyFor(valid),
    // Mostly JSON, so most bodies are read.
    contentType: fc.constantFrom(
      "application/json",
      "application/json",
      "application/json; charset=utf-8",
      "text/plain",
      "application/x-www-form-urlencoded",
    ),
    client: fc.constantFrom("192.0.2.10", "192.0.2.11", "2001:db8::1"),
  });
}

// The edges of the numbers a route may be sent: PostgreSQL's `integer` (every id and number
// column) on both sides, past which a query fails; the last whole numbers a double holds
// exactly; the largest double; and minus zero. Each is sent once in every place a route reads a
// number, a focused set beside the random runs. JSON literals, so -0 is sent as written.
const EDGE_NUMBERS = [
  "2147483647",
  "2147483648",
  "-2147483648",
  "-2147483649",
  "9007199254740992",
  "-9007199254740992",
  "1e308",
  "-0",
];

/** Where each number sits in a JSON value, as the keys leading to it. */
function numberPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === "number") return [path];
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([key, item]) =>
    numberPaths(item, [...path, Array.isArray(value) ? Number(key) : key]),
  );
}

/** The valid body as JSON text with the number at `path` written as `literal`. */
function withNumber(valid: Record<string, unknown>, path: (string | number)[], literal: string): string {
  const marker = "\u0000edge";
  const body = structuredClone(valid);
  const parent = path.slice(0, -1).reduce<unknown>((at, key) => (at as Record<string | number, unknown>)[key], body);
  (parent as Record<string | number, unknown>)[path.at(-1) ?? ""] = marker;
  return JSON.stringify(body).replace(JSON.stringify(marker), literal);
}

/**
 * Every edge number, as text in each path parameter and each numeric query name and as a
 * number in each of the valid body's numbers, the rest of the call valid, so it gets as far
 * as it can.
 */
function edgeCalls(endpoint: Endpoint): Call[] {
  const route = `${endpoint.method} ${endpoint.path}`;
  const valid = VALID_BODIES[route] ?? {};
  const sendsBody = endpoint.method !== "GET" && endpoint.method !== "DELETE";
  const base = {
    user: admin,
    params: Object.fromEntries(endpoint.params.map((name) => [name, VALID_PARAMS[route]?.[name] ?? "1"])),
    body: sendsBody ? JSON.stringify(valid) : undefined,
  };
  return EDGE_NUMBERS.flatMap((edge) => [
    ...endpoint.params.map((name) => ({ ...base, params: { ...base.params, [name]: edge } })),
    ...NUMBER_QUERY_NAMES.map((name) => ({ ...base, query: [[name, edge]] as const })),
    ...(sendsBody ? numberPaths(valid).map((path) => ({ ...base, body: withNumber(valid, path, edge) })) : []),
  ]);
}

/**
 * Fuzz the routes `chosen` picks (`kind` names them in the suite's title), on a database of
 * their own: call from a test file, which runs these tests.
 */
export function fuzzRoutes(kind: string, chosen: (endpoint: Endpoint) => boolean): void {
  let handle: DbHandle;
  let uploads: string;

  /**
   * How many rows have been written so far, in every table but the rate-limit counters and
   * failed sign-ins (which count refused attempts on purpose): one tiny read after each call.
   */
  let rowsWritten: () => Promise<number>;

  beforeAll(async () => {
    handle = await createTestDb();
    uploads = await mkdtemp(path.join(os.tmpdir(), "meh-fuzz-"));
    useDatabase(handle);
    useObjectStore(new LocalStore(uploads, handle.db));
    // As on a running site, where a signup or a send is queued for a job to carry out.
    useJobSender(queuedJobs(handle).sender);
    await insertUser(handle.db, admin);
    const post = await insertPost(handle.db, { slug: "first-post" });
    await insertPostImage(handle.db, post.id, 0, "First");
    await insertVideo(handle.db, { slug: "first-video" });
    // Routes under /api/layouts/{id} come before the one that creates a layout, so one is made here for them to reach.
    await createLayout(handle.db, { pageName: "home", pageType: "page", elements: validElements }, admin.id);
    // As at start, so a call that signs or checks a signature writes nothing.
    await ensureSigningKeys(handle.db);
    rowsWritten = await countWrites(handle, ["rate_limits", "login_failures"]);
  });
  afterAll(async () => {
    await handle.close();
    await rm(uploads, { recursive: true, force: true });
  });

  /**
   * Sends an endpoint calls one after another: none may be a 5xx, and one refused, or any
   * GET, must write nothing. A failure opens with `label`, to say which call it was where nothing else does.
   */
  async function checkedSender(endpoint: Endpoint): Promise<(call: Call, label?: string) => Promise<void>> {
    let before = await rowsWritten();
    return async (call, label = "") => {
      const response = await callEndpoint(endpoint, call);
      const body = await response.text();
      expect(response.status, `${label}${body}`).toBeLessThan(500);
      const after = await rowsWritten();
      if (response.status >= 400) {
        expect(after, `${label}refused with ${response.status} ${body}, but wrote`).toBe(before);
      }
      // A page can make a browser send any GET (an image, a theme's url()), so none may write.
      if (endpoint.method === "GET") expect(after, `${label}a GET answered ${response.status}, but wrote`).toBe(before);
      before = after;
    };
  }

  // Deletes last, so the items the other routes update are still there for them.
  const ordered = endpoints
    .filter(chosen)
    .sort((a, b) => Number(a.method === "DELETE") - Number(b.method === "DELETE"));

  describe(`hostile input to every /api route that ${kind}`, () => {
    for (const endpoint of ordered) {
      it(`${endpoint.method} ${endpoint.path}: never 5xx, and nothing written when refused or read`, async () => {
        const send = await checkedSender(endpoint);
        await fc.assert(
          fc.asyncProperty(requestFor(endpoint), (call) => send(call)),
          { numRuns: RUNS_PER_ENDPOINT, seed: SEED },
        );
      }, 120_000);

      it(`${endpoint.method} ${endpoint.path}: numbers at the edges of integer and double, never 5xx, nothing written when refused`, async () => {
        const send = await checkedSender(endpoint);
        for (const call of edgeCalls(endpoint)) {
          await send(call, `${JSON.stringify({ params: call.params, query: call.query, body: call.body })}: `);
        }
      });
    }
  });
}
