import { readFile } from "node:fs/promises";
import { asc } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DbHandle } from "../../../db/client.ts";
import { cssThemes } from "../../../db/schema/index.ts";
import { createTestDb } from "../../../tests/setup/test-db.ts";
import { insertUser } from "../../../tests/factories.ts";
import type { DomainError } from "@/lib/errors";
import { sitePublisher } from "@/modules/publishing/site-pages.server";
import type { PublishedChange } from "@/modules/publishing/publisher.server";
import { findCssProblems } from "./validate-css.server";
import { themeSaveSchema } from "./schema";
import {
  activeTheme,
  ensureTheme,
  findRevision,
  listRevisions,
  resetToDefault,
  restoreRevision,
  saveTheme,
} from "./themes.server";

let handle: DbHandle;
let defaultCss: string;
const owner = { id: 0, username: "owner", role: "admin" };
const published: PublishedChange[] = [];
let unsubscribe: () => void;

beforeAll(async () => {
  handle = await createTestDb();
  defaultCss = await readFile("content/theme/default.css", "utf8");
  await insertUser(handle.db, owner);
  unsubscribe = sitePublisher().subscribe((change) => {
    published.push(change);
  });
});
afterAll(async () => {
  // The publisher outlives this file.
  unsubscribe();
  await handle.close();
});
beforeEach(async () => {
  await handle.db.delete(cssThemes);
  published.length = 0;
});

const allRows = () => handle.db.select().from(cssThemes).orderBy(asc(cssThemes.id));
const save = (cssContent: string, name?: string) =>
  saveTheme(handle.db, themeSaveSchema.parse({ cssContent, name }), owner.id);

describe("ensureTheme", () => {
  it("makes the shipped stylesheet the first revision, named Default, once", async () => {
    await ensureTheme(handle.db, defaultCss);
    await ensureTheme(handle.db, defaultCss);
    const rows = await allRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: "Default", cssContent: defaultCss, isActive: true, createdBy: null });
  });

  it("leaves a database that already has themes alone", async () => {
    await save(":root { --radius: 0 }");
    await ensureTheme(handle.db, defaultCss);
    expect((await allRows()).map((r) => r.cssContent)).toEqual([":root { --radius: 0 }"]);
  });
});

describe("saving", () => {
  it("adds a revision and makes it the only active one, leaving earlier ones as they were", async () => {
    await ensureTheme(handle.db, defaultCss);
    const before = await allRows();
    const saved = await save(":root { --accent-warm: #ff8800; }", "Orange");
    const rows = await allRows();
    expect(rows).toHaveLength(2);
    expect(rows.filter((r) => r.isActive).map((r) => r.id)).toEqual([saved.id]);
    expect(rows[0]).toMatchObject({ ...before[0], isActive: false });
    expect((await activeTheme(handle.db))?.name).toBe("Orange");
    expect(published.map((c) => c.tags)).toEqual([["theme"]]);
  });

  it("names an unnamed save by when it was saved", async () => {
    const saved = await saveTheme(
      handle.db,
      themeSaveSchema.parse({ cssContent: "a { color: red }", name: "  " }),
      owner.id,
      new Date("2026-11-24T09:05:00Z"),
    );
    expect(saved.name).toBe("Theme of November 24, 2026 at 9:05 AM UTC");
  });

  it("keeps exactly one active revision when saves race", async () => {
    await Promise.all(Array.from({ length: 6 }, (_, i) => save(`a { z-index: ${i} }`)));
    const rows = await allRows();
    expect(rows).toHaveLength(6);
    expect(rows.filter((r) => r.isActive)).toHaveLength(1);
  });

  it("refuses CSS the validator refuses, naming line and column, and writes nothing", async () => {
    await ensureTheme(handle.db, defaultCss);
    const refused = await save("a { color: red }\nb { background: url(https://evil.example/x) }").catch(
      (error: unknown) => error,
    );
    expect(refused).toMatchObject({ code: "invalid", field: "cssContent" });
    expect((refused as Error).message).toMatch(/^Line 2, column \d+: /);
    await expect(save(`a{content:"${"x".repeat(256 * 1024)}"}`)).rejects.toMatchObject({ code: "too_large" });
    expect(await allRows()).toHaveLength(1);
    expect(published).toEqual([]);
  });
});

describe("restore and reset", () => {
  it("restore copies an earlier revision as the newest; nothing is rewritten", async () => {
    await ensureTheme(handle.db, defaultCss);
    const first = await save("a { color: red }", "Red");
    await save("a { color: blue }", "Blue");
    const before = await allRows();
    const restored = await restoreRevision(handle.db, first.id, owner.id);
    expect(restored).toMatchObject({ name: "Restored: Red", cssContent: "a { color: red }" });
    expect(restored.id).toBeGreaterThan(first.id);
    const after = await allRows();
    expect(after.slice(0, before.length)).toEqual(before.map((r) => ({ ...r, isActive: false })));
    expect(after.at(-1)).toMatchObject({ id: restored.id, isActive: true });
  });

  it("restoring a revision that does not exist is a 404 and changes nothing", async () => {
    await ensureTheme(handle.db, defaultCss);
    await expect(restoreRevision(handle.db, 999_999, owner.id)).rejects.toMatchObject({ code: "not_found" });
    expect(await allRows()).toHaveLength(1);
  });

  it("reset adds the shipped stylesheet as a new revision and keeps the history", async () => {
    await ensureTheme(handle.db, defaultCss);
    await save("a { color: red }");
    const reset = await resetToDefault(handle.db, defaultCss, owner.id);
    expect(reset).toMatchObject({ name: "Default", cssContent: defaultCss });
    expect(await allRows()).toHaveLength(3);
    expect((await activeTheme(handle.db))?.id).toBe(reset.id);
  });
});

describe("listRevisions", () => {
  it("lists newest first with author, size and which is active, a page at a time", async () => {
    await ensureTheme(handle.db, defaultCss);
    for (let i = 0; i < 55; i++) await save(`a { z-index: ${i} }`, `Rev ${i}`);
    const firstPage = await listRevisions(handle.db);
    expect(firstPage).toHaveLength(50);
    expect(firstPage[0]).toMatchObject({ name: "Rev 54", author: "owner", isActive: true, sizeBytes: 17 });
    expect(firstPage.filter((r) => r.isActive)).toHaveLength(1);
    const lastPage = await listRevisions(handle.db, firstPage.at(-1)?.id);
    expect(lastPage.map((r) => r.name).at(-1)).toBe("Default");
    expect(lastPage.at(-1)?.author).toBeNull();
    expect(lastPage).toHaveLength(6);
    expect((await findRevision(handle.db, firstPage[0]?.id ?? 0)).cssContent).toBe("a { z-index: 54 }");
  });
});

describe("saving whatever is sent", () => {
  // Pieces of ordinary and hostile CSS, joined at random: every refusal writes nothing,
  // and whatever is written is what the validator accepts.
  const piece = fc.constantFrom(
    "a { color: red }",
    ":root { --accent-warm: #f80; }",
    "@media (width < 600px) { h1 { font-size: 2rem } }",
    "b { background: url(/uploads/images/x.webp) }",
    "c { background: url(https://evil.example/x) }",
    "d { background: \\75 rl(//evil.example/y) }",
    "@import 'https://evil.example/z.css';",
    "e { width: expression(alert(1)) }",
    "f { behavior: url(x.htc) }",
    "</style><script>alert(1)</script>",
    "g { color: red",
    "/* a comment */",
    'h { content: "javascript:alert(1)" }',
    "{}}",
    "\n",
  );
  const css = fc.array(piece, { maxLength: 6 }).map((parts) => parts.join("\n"));

  it("never writes a refused theme, and writes only what the validator accepts", async () => {
    await ensureTheme(handle.db, defaultCss);
    await fc.assert(
      fc.asyncProperty(css, async (text) => {
        const before = (await allRows()).length;
        const saved = await save(text).then(
          () => true,
          (error: unknown) => {
            expect(["invalid", "too_large"]).toContain((error as DomainError).code);
            return false;
          },
        );
        expect(saved).toBe(findCssProblems(text).length === 0);
        expect((await allRows()).length).toBe(before + (saved ? 1 : 0));
      }),
      { numRuns: 60 },
    );
  });
});
