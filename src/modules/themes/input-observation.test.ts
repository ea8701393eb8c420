import { describe, expect, it } from "vitest";
import { findCssProblems } from "./validate-css.server";

// [what, css]: each tries to learn what a visitor typed or chose, and must be refused.
const observations: [string, string][] = [
  ["the password's last letter", 'input[name=password][value$="c"] { background: url(/archive) }'],
  ["a field's first letter", 'input[value^="a"] { background: url(/a.png) }'],
  ["a letter anywhere in a field", "input[value*=a] { color: red }"],
  ["a whole guessed value", 'input[value="hunter42"] { color: red }'],
  ["a value in capitals", 'INPUT[VALUE$="c" i] { color: red }'],
  ["a value named with an escape", 'input[v\\61lue$="c"] { color: red }'],
  ["a value behind a namespace", 'input[*|value$="c"] { color: red }'],
  ["whether a value is there", "input:not([value]) { color: red }"],
  ["a slider's number", '[aria-valuenow="3"] { color: red }'],
  ["a spin button's text", "[aria-valuetext~=three] { color: red }"],
  ["the search in a listing's links", 'a[href*="search=h"] { background: url(/h.png) }'],
  ["the search in a form's address", 'form[action$="x"] { color: red }'],
  ["a data attribute's text", "[data-query^=a] { color: red }"],
  ["an empty field", "input:placeholder-shown { background: url(/empty.png) }"],
  ["a field that is not empty", "input:not(:placeholder-shown) { color: red }"],
  ["a blank field", "input:blank { color: red }"],
  ["a field the browser filled", "input:autofill { color: red }"],
  ["a field the browser filled, WebKit's name", "input:-webkit-autofill { color: red }"],
  ["what a field's text passes", "input:valid { color: red }"],
  ["what a field's text fails", "input[type=email]:user-invalid { color: red }"],
  ["a number in range", "input:in-range { color: red }"],
  ["a form by its field's value", 'form:has(input[value$="a"]) { background: url(/a.png) }'],
  ["the page by an empty field", "body:has(input:placeholder-shown) { color: red }"],
  ["the page by a field the browser filled", "html:has(:autofill) main { color: red }"],
  ["a nested rule on a value", '.login { & input[value$="a"] { color: red } }'],
  ["a rule on a value inside @media", '@media screen { input[value^="b"] { color: red } }'],
  ["a query string in url()", "a { background: url(/archive?search=a) }"],
  ["a query string in a quoted url()", 'a { background: url("/x.png?c") }'],
  ["a query string written with an escape", "a { background: url(/archive\\3f search=a) }"],
  ["a query string in image-set()", 'a { background: image-set("/a.png?q" 1x) }'],
  ["a query string in @font-face", "@font-face { font-family: X; src: url(/fonts/x.woff2?c) }"],
  ["a font loaded per character typed", "@font-face { font-family: X; src: url(/fonts/x.woff2); unicode-range: U+61 }"],
  ["attr() of a field's value", "input::after { content: attr(value) }"],
];

describe("a theme cannot observe what a visitor types", () => {
  it.each(observations)("%s is refused", (_what, css) => {
    expect(findCssProblems(css), css).not.toEqual([]);
  });

  it("names the spot and the reason", () => {
    expect(findCssProblems('a { color: red }\ninput[value$="c"] { color: blue }')).toEqual([
      { line: 2, column: 6, message: "[value] is not allowed in a selector: it holds what a visitor types" },
    ]);
    expect(findCssProblems("input:placeholder-shown { color: red }")).toEqual([
      {
        line: 1,
        column: 6,
        message:
          ":placeholder-shown is not allowed: it tells the stylesheet whether a field is empty, which a visitor typed",
      },
    ]);
    expect(findCssProblems("a { background: url(/a.png?x) }")).toEqual([
      { line: 1, column: 17, message: "url() may not carry a query string (?): a theme's addresses are files" },
    ]);
  });
});

// [what, css]: styling of fields and links that observes nothing a visitor typed.
const accepted: [string, string][] = [
  ["fields by type and name", 'input[type="email"], input[name=password] { border-radius: 0 }'],
  ["the placeholder's look", "input::placeholder { color: grey }"],
  ["focus, hover and checked", "input:focus-visible, a:hover, input:checked { outline: 2px solid }"],
  ["links by whether they have an address", "a[href] { text-decoration: underline }"],
  ["classes matched by prefix", '[class^="card-"] { padding: 0 }'],
  ["a language matched by prefix", "[lang|=en] { quotes: auto }"],
  [":has() on structure", ".card:has(> img) { padding: 0 }"],
  [
    "a fragment and a data: image",
    'a { filter: url(#blur); background: url("data:image/svg+xml,%3Csvg%3E?%3C/svg%3E") }',
  ],
  ["@supports selector()", "@supports selector(:has(a)) { a { color: red } }"],
  ["attr() of a label", "a::after { content: attr(title) }"],
];

describe("ordinary styling of fields stays allowed", () => {
  it.each(accepted)("%s", (_what, css) => {
    expect(findCssProblems(css)).toEqual([]);
  });
});
