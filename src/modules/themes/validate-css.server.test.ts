import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { THEME_CSS_MAX_BYTES } from "./css-problem";
import { findCssProblems } from "./validate-css.server";

const read = (path: string) => readFileSync(new URL(path, import.meta.url), "utf8");

const IMPORT = /^@import is not allowed/;
const URL_RULE = /^url\(\) may only point at this site's own files/;
const MARKUP = /^Markup is not allowed in CSS/;
const SCRIPT_PROPERTY = /property is not allowed: it can run scripts$/;
const SITE_AREA = /^url\(\) may not point at the site's API or admin pages/;

// [what, css, line, column, message]: the problem expected at that spot, among any others.
const hostile: [string, string, number, number, RegExp][] = [
  ["@import of a string", '@import "https://evil.example/x.css";', 1, 1, IMPORT],
  ["@import of a url()", "a { color: red }\n@import url(/x.css);", 2, 1, IMPORT],
  ["@import spelled with an escape", 'a { color: red }\n\n  @\\69mport "x.css";', 3, 3, IMPORT],
  ["@IMPORT in capitals inside @media", '@media screen {\n  @IMPORT "x.css";\n}', 2, 3, IMPORT],
  ["@namespace", "@namespace svg url(/ns);", 1, 1, /^@namespace is not allowed/],
  ["@-moz-document", "@-moz-document url-prefix() {\n  a { color: red }\n}", 1, 1, /^@-moz-document is not allowed/],
  ["an unknown at-rule", "a { color: red }\n@foo bar;", 2, 1, /^@foo is not an at-rule browsers know$/],
  ["an https: url()", "a { background: url(https://evil.example/a.png) }", 1, 17, URL_RULE],
  ["an http: URL() in capitals", "a {\n  background: URL(http://evil.example/a.png);\n}", 2, 15, URL_RULE],
  ["a Url() in mixed case", "a { background: Url(https://evil.example/a.png) }", 1, 17, URL_RULE],
  ["a url() written \\75 rl(", "a {\n  background: \\75 rl(https://evil.example/a.png);\n}", 2, 15, URL_RULE],
  ["a url() written u\\72l(", "a { background: u\\72l(https://evil.example/a.png) }", 1, 17, URL_RULE],
  ["a url() written \\55 RL(", "a { background: \\55 RL(https://evil.example/a.png) }", 1, 17, URL_RULE],
  ["a protocol-relative url()", "a { background: url(//evil.example/a.png) }", 1, 17, URL_RULE],
  ["a quoted url() behind a space", 'a { background: url(" //evil.example/a.png") }', 1, 21, URL_RULE],
  ["a /\\ url(), which browsers read as a host", 'a { background: url("/\\\\evil.example/a.png") }', 1, 21, URL_RULE],
  ["a /\\ url() with the \\ escaped", 'a { background: url("/\\5c evil.example/a.png") }', 1, 21, URL_RULE],
  [
    "a url() with an escaped tab between the slashes",
    "a { background: url(/\\9/evil.example/a.png) }",
    1,
    17,
    URL_RULE,
  ],
  ["a // written /\\2f ", "a { background: url(/\\2f evil.example/a.png) }", 1, 17, URL_RULE],
  ["a data: URI that is not an image", 'a { background: url("data:text/html,hi") }', 1, 21, URL_RULE],
  ["a url() in a custom property", ":root {\n  --u: url(https://evil.example/v.png);\n}", 2, 8, URL_RULE],
  ['a URL("…") in a custom property', ':root { --u: URL("https://evil.example/v.png") }', 1, 18, URL_RULE],
  ["a string in image-set()", 'a { background: image-set("https://evil.example/i.png" 1x) }', 1, 27, URL_RULE],
  [
    "a url() in -webkit-image-set()",
    "a { background: -webkit-image-set(url(//evil.example/i.png) 1x) }",
    1,
    35,
    URL_RULE,
  ],
  [
    "var() in image-set(), which could hold any string",
    "a { background: image-set(var(--x) 1x) }",
    1,
    27,
    /^var\(\) cannot be used in image-set\(\)/,
  ],
  ["a url() in @font-face", "@font-face {\n  font-family: X;\n  src: url(//evil.example/f.woff);\n}", 3, 8, URL_RULE],
  ["src()", 'a { background: src("/a.png") }', 1, 17, /^src\(\) is not allowed/],
  ["a vendor's *url()", "a { background: -x-url(/a.png) }", 1, 17, /^-x-url\(\) is not allowed$/],
  ["expression()", "a {\n  width: expression(alert(1));\n}", 2, 10, /^expression\(\) is not allowed$/],
  ["expression() written e\\78 pression(", "a { width: e\\78 pression(alert(1)) }", 1, 12, /^expression\(\)/],
  ["EXPRESSION() in capitals", "a { width: EXPRESSION(alert(1)) }", 1, 12, /^expression\(\)/],
  ["behavior", "a {\n  behavior: url(/x.htc);\n}", 2, 3, SCRIPT_PROPERTY],
  ["behavior written b\\65havior", "a { b\\65havior: url(/x.htc) }", 1, 5, SCRIPT_PROPERTY],
  ["-moz-binding", "a { -moz-binding: url(/x.xml#y) }", 1, 5, SCRIPT_PROPERTY],
  ["javascript: in an unquoted url()", "a { background: url(javascript:alert(1)) }", 1, 17, /^javascript: URLs/],
  [
    "javascript: written java\\73 cript: in a string",
    'a {\n  background: url("java\\73 cript:alert(1)");\n}',
    2,
    19,
    /^javascript: URLs/,
  ],
  ["javascript: in content", 'a::after { content: "javascript:alert(1)" }', 1, 21, /^javascript: URLs/],
  ["vbscript:", 'a { background: url("vbscript:msgbox(1)") }', 1, 21, /^vbscript: URLs/],
  ["</style><script>", "a { color: red }\n</style><script>alert(1)</script>", 2, 1, MARKUP],
  ["<script> later on the line", "a { color: red } <script>", 1, 18, MARKUP],
  ["<!--", "<!-- a { color: red } -->", 1, 1, MARKUP],
  ["<?", "a { content: '<?xml' }", 1, 15, MARKUP],
  ["a block never closed", "a { color: red }\nb {\n  color: blue;", 2, 3, /^This \{ is never closed/],
  ["a function never closed", "a { width: calc(1px + 2px }", 1, 12, /^This calc\( is never closed/],
  ["a string never closed", 'a { color: red }\nb { content: "abc }', 2, 14, /^This string is never closed$/],
  ["a string broken by a line end", 'a { content: "abc\n}', 1, 14, /^This string is not closed before the end/],
  ["a comment never closed", "a { color: red }\n/* a note", 2, 1, /^This comment is never closed/],
  ["a } that closes nothing", "a { color: red }\n}\nb { color: blue }", 2, 1, /^This \} has no matching \{$/],
  ["a ) inside a block", "a { color: red) }", 1, 15, /^This \) has no matching \($/],
  ["a bad selector", "a { color: red }\nb:hovr { color: blue }", 2, 3, /^This rule could not be read: 'hovr'/],
  ["a [ never closed in a selector", "a[{color:red}", 1, 2, /^This \[ is never closed/],
  ["an unquoted url() with a space", "a { background: url(/a b.png) }", 1, 17, /^This url\(\) could not be read/],
  ["a problem after CRLF line ends", "a { color: red }\r\n\r\nb { behavior: url(/x.htc) }", 3, 5, SCRIPT_PROPERTY],
  // Every view of a page would make its reader's browser call the API.
  ["a url() of the API", "a { background: url(/api/objects/upload-url) }", 1, 17, SITE_AREA],
  ["the API behind a dot segment and //", "a { background: url(/.//api/objects/upload-url) }", 1, 17, SITE_AREA],
  ["the API behind an escaped dot", 'a { background: url("/%2e//api/objects/upload-url") }', 1, 21, SITE_AREA],
  ["the API behind a step back", "a { background: url(/x/..//api/objects/upload-url) }", 1, 17, SITE_AREA],
  ["the API behind an escaped slash", "a { background: url(/./%2fapi/objects/upload-url) }", 1, 17, SITE_AREA],
  ["the API escaped twice", "a { background: url(/%2561pi/objects/upload-url) }", 1, 17, SITE_AREA],
  ["the API spelt with a CSS escape", "a { background: url(/\\41 PI/objects/upload-url) }", 1, 17, SITE_AREA],
  ["the API with an escaped line break", 'a { background: url("/ap\\\ni/objects/upload-url") }', 1, 21, SITE_AREA],
  ["the API with a tab", 'a { background: url("/a\tpi/objects/upload-url") }', 1, 21, SITE_AREA],
  ["the API in a string of image-set()", 'a { background: image-set("/.//api/x" 1x) }', 1, 27, SITE_AREA],
  ["the API in a custom property", ":root { --u: url(/api/objects/upload-url) }", 1, 14, SITE_AREA],
  ["the API as a font", "@font-face {\n  font-family: X;\n  src: url(/./api/f.woff);\n}", 3, 8, SITE_AREA],
  ["the admin pages", "a { background: url(/admin/posts) }", 1, 17, SITE_AREA],
];

// [what, css]: ordinary CSS a theme may hold.
const accepted: [string, string][] = [
  ["an empty theme", ""],
  ["comments and !important", "/* The house colours. */\na { color: red !important; /* loud */ }"],
  [
    "media queries with range syntax",
    "@media (width < 600px) { a { color: red } }\n@media (400px <= width <= 700px) { a { color: blue } }",
  ],
  ["range syntax without spaces", "@media (width<600px) and (400px<=width) { a { color: red } }"],
  [
    "custom properties and var() fallbacks",
    ":root { --gap: 1rem; --empty: ; }\na { margin: var(--gap, var(--fallback, 2rem)); }",
  ],
  [
    "@font-face from the site's own files",
    '@font-face {\n  font-family: "House";\n  src: url(/fonts/house.woff2) format("woff2"), url("/fonts/house.woff") format("woff"), local("House");\n  font-display: swap;\n}',
  ],
  ["@supports", "@supports (display: grid) and (not (display: inline-grid)) { .a { display: grid } }"],
  ["@layer as a statement and as a block", "@layer base, theme;\n@layer theme { a { color: red } }"],
  [
    "@container",
    ".card { container-type: inline-size }\n@container (min-width: 400px) { .card h2 { font-size: 2rem } }",
  ],
  [
    "@keyframes",
    "@keyframes fade { from { opacity: 0 } 50% { opacity: 0.5 } to { opacity: 1 } }\na { animation: fade 1s }",
  ],
  ["CSS nesting", ".a { color: red; &:hover { color: blue } .b & { color: green } > .c { margin: 0 } }"],
  [":is(), :where() and :has()", ":is(h1, h2):where(.x) { color: red }\n.card:has(> img) { padding: 0 }"],
  [
    "color-mix(), clamp() and calc()",
    "a { color: color-mix(in srgb, var(--c) 50%, transparent); width: clamp(1rem, 2vw + 1rem, 3rem); margin: calc(100% - 2rem) }",
  ],
  [
    "an SVG background as a data:image URI",
    'a { background: url("data:image/svg+xml;utf8,%3Csvg xmlns=%27http://www.w3.org/2000/svg%27%3E%3C/svg%3E") }',
  ],
  ["a PNG data:image URI", "a { background-image: url(data:image/png;base64,iVBORw0KGgo=) }"],
  ["images from the site, and a fragment", 'a { background: url(/uploads/a.png), url("/b.png"); filter: url(#blur) }'],
  ["image-set() of site images", 'a { background: image-set(url(/a.png) 1x, "/a@2x.png" type("image/png") 2x) }'],
  ["a quoted site path behind a space", 'a { background: url(" /a.png") }'],
  // \e is an escape (U+000E), not a backslash: the address stays a path on this site.
  ["a \\e escape after the first slash", "a { background: url(/\\evil.png) }"],
  ["files whose names only start like the API's", "a { background: url(/apiary.png), url(/uploads/api/a.png) }"],
  ["a string with < in it, escaped", 'a::before { content: "\\3c tag>" }'],
  ["a word that merely contains javascript", ".javascript-note { color: red }"],
];

describe("findCssProblems refuses", () => {
  it.each(hostile)("%s", (_what, css, line, column, message) => {
    const problems = findCssProblems(css);
    expect(
      problems.find((problem) => problem.line === line && problem.column === column)?.message,
      JSON.stringify(problems),
    ).toMatch(message);
  });

  it("a theme over the size limit, with one problem and without reading it", () => {
    const css = `a{color:url(https://evil.example/)}${" ".repeat(THEME_CSS_MAX_BYTES)}`;
    expect(findCssProblems(css)).toEqual([{ line: 1, column: 1, message: "The theme is larger than 256 KB" }]);
  });

  it("a theme of exactly the size limit in UTF-8 bytes only when it is over", () => {
    const filler = (bytes: number) => `/*${"é".repeat((bytes - 4) / 2)}*/`;
    expect(findCssProblems(filler(THEME_CSS_MAX_BYTES))).toEqual([]);
    expect(findCssProblems(`${filler(THEME_CSS_MAX_BYTES)} `)).toHaveLength(1);
  });

  it("nesting deeper than the parser can take, at the first level too deep", () => {
    const nested = (levels: number) => "@media screen {\n".repeat(levels) + "}".repeat(levels);
    expect(findCssProblems(nested(64))).toEqual([]);
    expect(findCssProblems(nested(65))).toEqual([
      { line: 65, column: 15, message: "This is nested more than 64 levels deep" },
    ]);
  });

  it("what the parser could not read, in words rather than its token names", () => {
    const problems = findCssProblems("a { color: red!ie }");
    expect(problems).toContainEqual({ line: 1, column: 15, message: 'This rule could not be read: unexpected "!"' });
    expect(problems.map((problem) => problem.message).join()).not.toMatch(/Delim|Unexpected token/);
  });

  it("an @import once, though the parser also objects to where it stands", () => {
    expect(findCssProblems('a { color: red }\n@import "x.css";')).toEqual([
      { line: 2, column: 1, message: "@import is not allowed: a theme cannot load other stylesheets" },
    ]);
  });

  it("every problem at a real spot, sorted by line and column, one per spot", () => {
    const css = [
      "a { background: url(https://evil.example/a.png) } </style>",
      "@import 'x.css';",
      "b { behavior: url(/x.htc); width: expression(1) }",
      "c { content: 'javascript:alert(1)' }",
      "d { color: red",
    ].join("\n");
    const problems = findCssProblems(css);
    expect(problems.length).toBeGreaterThanOrEqual(7);
    for (const { line, column } of problems) {
      expect(line).toBeGreaterThanOrEqual(1);
      expect(column).toBeGreaterThanOrEqual(1);
    }
    const spots = problems.map(({ line, column }) => [line, column]);
    expect(spots).toEqual(spots.toSorted(([l1 = 0, c1 = 0], [l2 = 0, c2 = 0]) => l1 - l2 || c1 - c2));
    expect(new Set(spots.map((spot) => spot.join(":"))).size).toBe(spots.length);
  });
});

describe("findCssProblems accepts", () => {
  it.each(accepted)("%s", (_what, css) => {
    expect(findCssProblems(css)).toEqual([]);
  });

  it("the default theme", () => {
    expect(findCssProblems(read("../../../content/theme/default.css"))).toEqual([]);
  });

  // global.css only @imports its parts, and a theme may not @import: each part is read instead.
  it("the site's own stylesheet, part by part", () => {
    const parts = [...read("../../styles/global.css").matchAll(/^@import "\.\/([\w-]+\.css)";$/gm)];
    expect(parts).not.toHaveLength(0);
    for (const [, part = ""] of parts) {
      expect(findCssProblems(read(`../../styles/${part}`)), part).toEqual([]);
    }
  });
});

it("reports the first 100 problems of a flood, not every one", () => {
  const problems = findCssProblems("<a ".repeat(5000));
  expect(problems).toHaveLength(100);
  expect(problems[0]).toMatchObject({ line: 1, column: 1 });
});
