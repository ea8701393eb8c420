import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, beforeEach, expect, it, vi } from "vitest";
import type { DbHandle } from "../../../db/client.ts";
import { cssThemes } from "../../../db/schema/index.ts";
import { createTestDb } from "../../../tests/setup/test-db.ts";
import type { Db } from "@/lib/db.server";
import { pageTheme } from "./page-theme.server";

let handle: DbHandle;
let defaultCss: string;
const DEFAULT_BACKGROUND = "#f6f5f3";

beforeAll(async () => {
  handle = await createTestDb();
  defaultCss = await readFile("content/theme/default.css", "utf8");
});
afterAll(async () => {
  await handle.close();
});
beforeEach(async () => {
  await handle.db.delete(cssThemes);
});

// Stored as a theme saved before cycles were refused would be: straight into the table.
const storeActive = (cssContent: string) =>
  handle.db.insert(cssThemes).values({ name: "Stored", cssContent, isActive: true }).returning({ id: cssThemes.id });

it.each([
  ["a property that reads itself", ":root { --color-bg: var(--color-bg) }"],
  ["two that read each other", ":root { --color-bg: var(--grey-50); --grey-50: var(--color-bg) }"],
  [
    "a chain longer than any design",
    Array.from({ length: 200 }, (_, i) => `:root { --c${i}: var(--c${i + 1}) }`).join("\n") +
      "\n:root { --color-bg: var(--c0) }",
  ],
])("a stored theme with %s is still linked, and the page takes the default's colour", async (_what, css) => {
  const [row] = await storeActive(css);
  const theme = await pageTheme(handle.db, "versioned", defaultCss);
  expect(theme).toEqual({ href: `/api/css/current/styles.css?v=${row?.id}`, themeColor: DEFAULT_BACKGROUND });
});

it("a theme that cannot be read leaves the page in the default theme, and says so in the log", async () => {
  const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
  const broken = {
    select: () => {
      throw Object.assign(new Error("select * from css_themes where secret"), { code: "XX000" });
    },
  } as unknown as Db;
  expect(await pageTheme(broken, "versioned", defaultCss)).toEqual({ themeColor: DEFAULT_BACKGROUND });
  expect(error).toHaveBeenCalledOnce();
  expect(String(error.mock.calls[0]?.[0])).toMatch(/^Unexpected error in reading the active theme: Error XX000$/);
  error.mockReset();
});
