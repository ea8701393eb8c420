import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
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
