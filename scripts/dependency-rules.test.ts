import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, expect, it } from "vitest";

// The rules `npm run lint` holds the code to (.dependency-cruiser.cjs), tried on a small
// project planted for the purpose.
const project = fileURLToPath(new URL("..", import.meta.url));
const planted = mkdtempSync(path.join(os.tmpdir(), "meh-planted-"));
afterAll(() => {
  rmSync(planted, { recursive: true, force: true });
});

function plant(files: Record<string, string>): string {
  for (const [file, source] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(planted, file)), { recursive: true });
    writeFileSync(path.join(planted, file), source);
  }
  const run = spawnSync(
    path.join(project, "node_modules/.bin/depcruise"),
    ["src", "--config", path.join(project, ".dependency-cruiser.cjs")],
    { cwd: planted, encoding: "utf8" },
  );
  return `${run.stdout}${run.stderr}`;
}

it("refuses a cycle of imports of types alone, and an import from src/lib into a domain", () => {
  const output = plant({
    "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true } }),
    "src/modules/posts/card.ts":
      'import type { PostJson } from "./serialize";\nexport type Card = Pick<PostJson, "id">;\n',
    "src/modules/posts/serialize.ts":
      'import type { Card } from "./card";\nexport interface PostJson { id: number; card?: Card }\n',
    "src/lib/format.ts":
      'import type { Card } from "../modules/posts/card";\nexport const title = (card: Card) => String(card.id);\n',
  });
  expect(output).toMatch(/no-cycle: src\/modules\/posts\/card\.ts/);
  expect(output).toContain("lib-is-the-floor: src/lib/format.ts → src/modules/posts/card.ts");
});

it("refuses an import of src/server from a domain, a component or a layout", () => {
  const output = plant({
    "src/server/wire.ts": "export const wired = true;\n",
    "src/modules/posts/writes.ts": 'import { wired } from "../../server/wire";\nexport const ready = wired;\n',
    "src/components/Header.ts": 'import { wired } from "../server/wire";\nexport const shown = wired;\n',
    "src/layouts/Base.ts": 'import { wired } from "../server/wire";\nexport const laid = wired;\n',
  });
  expect(output).toContain("server-is-the-top: src/modules/posts/writes.ts → src/server/wire.ts");
  expect(output).toContain("server-is-the-top: src/components/Header.ts → src/server/wire.ts");
  expect(output).toContain("server-is-the-top: src/layouts/Base.ts → src/server/wire.ts");
});

it("refuses a domain's import in a shared component", () => {
  const output = plant({
    "src/modules/auth/user.ts": "export interface User { name: string }\n",
    "src/components/Badge.ts":
      'import type { User } from "../modules/auth/user";\nexport const badge = (user: User) => user.name;\n',
  });
  expect(output).toContain("components-are-domain-free: src/components/Badge.ts → src/modules/auth/user.ts");
});

it("refuses two folders that import each other, though no module does", () => {
  const output = plant({
    "src/modules/search/snippet.ts": "export type Snippet = string[];\n",
    "src/modules/search/records.ts":
      'import type { Card } from "../posts/card";\nexport const record = (card: Card) => card.title;\n',
    "src/modules/posts/card.ts":
      'import type { Snippet } from "../search/snippet";\nexport interface Card { title: string; snippet?: Snippet }\n',
  });
  expect(output).toMatch(/no-folder-cycle: src\/modules\/(posts|search) →/);
  expect(output).not.toMatch(/\bno-cycle:/);
});

// dependency-cruiser reads no .astro file: their imports are held to the same floors here.
it("keeps the floors in .astro files too", () => {
  const astroFiles = (dir: string): string[] =>
    readdirSync(path.join(project, dir), { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith(".astro"))
      .map((file) => path.join(dir, file));
  const importsOf = (file: string) =>
    [...readFileSync(path.join(project, file), "utf8").matchAll(/^\s*import\b[^"'\n]*["']([^"']+)["']/gm)].map(
      ([, specifier]) => specifier ?? "",
    );
  const reachingUp = ["src/components", "src/layouts", "src/modules"].flatMap((dir) =>
    astroFiles(dir).flatMap((file) =>
      importsOf(file)
        .filter((specifier) => /^@\/(server|pages)\/|\/server\/|middleware/.test(specifier))
        .map((specifier) => `${file} → ${specifier}`),
    ),
  );
  const domainInComponents = astroFiles("src/components").flatMap((file) =>
    importsOf(file)
      .filter((specifier) => /^@\/modules\/|\/modules\//.test(specifier))
      .map((specifier) => `${file} → ${specifier}`),
  );
  expect(astroFiles("src/components").length).toBeGreaterThan(3);
  expect(reachingUp).toEqual([]);
  expect(domainInComponents).toEqual([]);
});
