import { describe, expect, it } from "vitest";
import { newElement } from "./defaults";
import { elementDeclarations, generateCode } from "./generate-code";

const layout = [
  { ...newElement("text", "element-1"), content: "Hi & <bye>" },
  newElement("button", "element-2", { x: 20, y: 160 }),
  { ...newElement("image", "element-3", { x: 320, y: 0 }), styles: { objectFit: "cover" } },
];

describe("generateCode", () => {
  it("writes each element as markup and an absolutely placed rule", () => {
    const { html, css } = generateCode(layout);
    expect(html).toBe(
      [
        '<div class="layout">',
        '  <div class="layout-element-1">Hi &amp; &lt;bye&gt;</div>',
        '  <button type="button" class="layout-element-2">Button</button>',
        '  <img class="layout-element-3" src="/images/placeholder.svg" alt="">',
        "</div>",
        "",
      ].join("\n"),
    );
    expect(css).toBe(`.layout {
  position: relative;
  width: 520px;
  height: 200px;
}

.layout-element-1 {
  position: absolute;
  left: 100px;
  top: 100px;
  width: 200px;
  height: 40px;
  box-sizing: border-box;
  font-size: 16px;
  color: #333333;
  font-weight: normal;
  background-color: transparent;
  padding: 10px;
  border-radius: 4px;
}

.layout-element-2 {
  position: absolute;
  left: 20px;
  top: 160px;
  width: 120px;
  height: 40px;
  box-sizing: border-box;
  font-size: 14px;
  color: #ffffff;
  font-weight: 600;
  background-color: #5a67d8;
  padding: 12px 24px;
  border-radius: 6px;
}

.layout-element-3 {
  position: absolute;
  left: 320px;
  top: 0px;
  width: 200px;
  height: 150px;
  box-sizing: border-box;
  object-fit: cover;
}
`);
  });

  it("writes an empty layout as an empty box", () => {
    expect(generateCode([])).toEqual({
      html: '<div class="layout">\n</div>\n',
      css: ".layout {\n  position: relative;\n  width: 0px;\n  height: 0px;\n}\n",
    });
  });

  it("escapes text, labels and image sources", () => {
    const { html } = generateCode([
      { ...newElement("text", "a"), content: "</div><script>alert('x')</script>" },
      { ...newElement("button", "b"), content: '"><img src=x onerror=alert(1)>' },
      { ...newElement("image", "c"), content: "https://images.example/a.png\"onerror='alert(1)'" },
    ]);
    expect(html).toContain('<div class="layout-a">&lt;/div&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;</div>');
    expect(html).toContain(
      '<button type="button" class="layout-b">&quot;&gt;&lt;img src=x onerror=alert(1)&gt;</button>',
    );
    expect(html).toContain('src="https://images.example/a.png&quot;onerror=&#39;alert(1)&#39;"');
    expect(html).not.toMatch(/<script|<img src=x/);
  });

  it("writes an image's alt text, escaped, and an empty alt for one marked decorative or not yet described", () => {
    const { html } = generateCode([
      { ...newElement("image", "a"), alt: 'A "kettle" & <cup>' },
      { ...newElement("image", "b"), decorative: true },
      newElement("image", "c"),
    ]);
    expect(html).toContain(
      '<img class="layout-a" src="/images/placeholder.svg" alt="A &quot;kettle&quot; &amp; &lt;cup&gt;">',
    );
    expect(html).toContain('<img class="layout-b" src="/images/placeholder.svg" alt="">');
    expect(html).toContain('<img class="layout-c" src="/images/placeholder.svg" alt="">');
  });

  it("leaves out whatever the schema refuses, so nothing breaks out of the markup or the stylesheet", () => {
    const hostile = [
      { ...newElement("text", "x"), styles: { color: "red} body { display: none" } },
      { ...newElement("box", "y"), styles: { position: "fixed" } },
      { ...newElement("text", 'z"><script>') },
      { ...newElement("image", "w"), content: "javascript:alert(1)" },
      { ...newElement("text", "v"), x: -1 },
      null,
      "<script>alert(1)</script>",
    ];
    const valid = newElement("box", "element-1");
    expect(generateCode([...hostile, valid])).toEqual(generateCode([valid]));
  });

  it("writes a button with a destination as a link, and keeps every element inside the band", () => {
    const link = { ...newElement("button", "element-1"), href: "/archive?page=2&x=<y>" };
    const wide = { ...newElement("box", "element-2"), x: 900, width: 4000 };
    const { html, css } = generateCode([link, wide]);
    expect(html).toContain('<a class="layout-element-1" href="/archive?page=2&amp;x=&lt;y&gt;">Button</a>');
    expect(css).toContain(".layout-element-2 {\n  position: absolute;\n  left: 0px;\n  top: 100px;\n  width: 1200px;");
  });

  it("keeps the first of two elements with one id", () => {
    const first = newElement("box", "a");
    expect(generateCode([first, { ...first, x: 500 }])).toEqual(generateCode([first]));
  });

  it("gives the same bytes for the same layout, whatever order its styles were set in", () => {
    const reordered = layout.map((element) => ({
      ...element,
      styles: Object.fromEntries(Object.entries(element.styles).reverse()),
    }));
    expect(generateCode(layout)).toEqual(generateCode(layout));
    expect(generateCode(reordered)).toEqual(generateCode(layout));
  });
});

describe("elementDeclarations", () => {
  it("places the element and lists its styles in the rule's fixed order", () => {
    const box = {
      ...newElement("box", "element-1", { x: 40, y: 60 }),
      styles: { border: "none", backgroundColor: "red" },
    };
    expect(elementDeclarations(box)).toEqual([
      ["position", "absolute"],
      ["left", "40px"],
      ["top", "60px"],
      ["width", "200px"],
      ["height", "150px"],
      ["box-sizing", "border-box"],
      ["background-color", "red"],
      ["border", "none"],
    ]);
  });

  it("is what the element's rule says, line for line", () => {
    const [element] = layout;
    if (!element) throw new Error("no element");
    const lines = elementDeclarations(element).map(([property, value]) => `  ${property}: ${value};`);
    expect(generateCode([element]).css).toContain([".layout-element-1 {", ...lines, "}"].join("\n"));
  });
});
