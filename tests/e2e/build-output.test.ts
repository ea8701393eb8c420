import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { CSS_CHECK_THREAD, FRONT, SERVER_ENTRY, SITE_WORKER } from "../../src/server/build-output";

// What `npm start` runs, as the build left it: the site worker and the pages it serves are
// one module graph, and the front thread loads a small part of it.

const serverDir = path.dirname(SERVER_ENTRY);
const builtFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return builtFiles(file);
    return file.endsWith(".mjs") ? [file] : [];
  });

/** Which of `files` hold `definition`, named from the server's folder. */
const holding = (definition: RegExp, files: Iterable<string>): string[] =>
  [...files]
    .filter((file) => definition.test(readFileSync(file, "utf8")))
    .map((file) => path.relative(serverDir, file));

/** The files `entry` loads before it runs: its static imports, followed through. */
function staticGraph(entry: string, seen = new Set<string>()): Set<string> {
  seen.add(path.resolve(entry));
  const source = readFileSync(entry, "utf8");
  for (const [, specifier] of source.matchAll(/^(?:import|export)\b[^"'\n]*?(?:from\s*)?["'](\.{1,2}\/[^"']+)["']/gm)) {
    const file = path.resolve(path.dirname(entry), specifier ?? "");
    if (!seen.has(file)) staticGraph(file, seen);
  }
  return seen;
}

test("each module the threads share is built once, so the worker and the pages share one of each holder", () => {
  const sources = builtFiles(serverDir).map((file) => readFileSync(file, "utf8"));
  // Classes are built as `var Name = class`.
  for (const definition of [
    /\bvar DomainError = class\b/g,
    /\bvar PageStore = class\b/g,
    /\bfunction processValue\(/g,
    /\bsitePublisher = \(\) =>/g,
    /\bvar PgDialect = class\b/g,
  ]) {
    const copies = sources.reduce((count, source) => count + (source.match(definition)?.length ?? 0), 0);
    expect(copies, String(definition)).toBe(1);
  }
});

for (const [thread, entry] of [
  ["the front thread", FRONT],
  ["the thread that checks themes", CSS_CHECK_THREAD],
] as const) {
  test(`${thread} loads neither Astro nor the database layer`, () => {
    const graph = [...staticGraph(entry)];
    const bytes = graph.reduce((sum, file) => sum + statSync(file).size, 0);
    expect(graph).not.toContain(path.resolve(SERVER_ENTRY));
    expect(graph).not.toContain(path.resolve(SITE_WORKER));
    const source = graph.map((file) => readFileSync(file, "utf8")).join("\n");
    expect(source).not.toMatch(/\bvar PgDialect = class\b/);
    expect(source).not.toMatch(/\bfunction renderPage\b/);
    // Nor the PostgreSQL client, which builds a Response as it loads, and so Node's fetch.
    expect(holding(/\bescapeIdentifier = function\b/, graph)).toEqual([]);
    expect(bytes).toBeLessThan(1024 * 1024);
  });
}

test("the server's code is held in memory at one byte a character: its bundles are Latin-1, but for page templates", () => {
  // V8 keeps each script's source for as long as the process runs, at two bytes a character
  // in a script with one character beyond Latin-1. Astro's page templates are tagged
  // template literals, whose raw text a build cannot escape; they load with their pages.
  const beyondLatin1 = /[\u0100-\u{10ffff}]/u;
  for (const entry of [FRONT, SITE_WORKER]) {
    for (const file of staticGraph(entry)) {
      expect(beyondLatin1.test(readFileSync(file, "utf8")), path.relative(serverDir, file)).toBe(false);
    }
  }
});

test("the site worker starts without sharp: libvips is loaded by the first image that needs it", () => {
  // Loading sharp maps libvips and starts its threads, some 8 MB held from then on.
  const imports = /^import\b[^"'\n]*["']sharp["']/m;
  for (const entry of [FRONT, SITE_WORKER]) {
    for (const file of staticGraph(entry)) {
      expect(imports.test(readFileSync(file, "utf8")), path.relative(serverDir, file)).toBe(false);
    }
  }
});

test("the site worker starts without lightningcss: themes are checked by a thread of their own", () => {
  const imports = /^import\b[^"'\n]*["']lightningcss["']/m;
  expect(holding(imports, staticGraph(SITE_WORKER))).toEqual([]);
  expect(holding(imports, staticGraph(CSS_CHECK_THREAD)), "the checking thread loads it").not.toEqual([]);
});

test("the site worker starts without what seldom runs: each is loaded by the first run that has work", () => {
  // Loaded at the start, each would be held for as long as the worker runs, on a site that
  // may never use it: the S3 client of backups, the import's converters, the mail library
  // (the minute's runs find no letter to send, most minutes) and the sample's reader.
  const graph = staticGraph(SITE_WORKER);
  for (const [library, definition] of [
    ["the AWS SDK", /\bvar S3Client = class\b/],
    ["turndown", /\bfunction TurndownService\b/],
    ["nodemailer", /\bX-Mailer\b/],
    ["js-yaml", /\bYAMLException\b/],
  ] as const) {
    expect(holding(definition, graph), library).toEqual([]);
    expect(holding(definition, builtFiles(serverDir)), `${library} is in the build`).not.toEqual([]);
  }
});
