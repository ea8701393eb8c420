import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  designerElementSchema,
  draftElementSchema,
  layoutDocumentSchema,
  layoutElementSchema,
  MAX_ALT,
  MAX_CONTENT,
  MAX_ELEMENTS,
  MISSING_ALT,
  type LayoutElementInput,
} from "./schema";

const text: LayoutElementInput = {
  id: "element-1",
  type: "text",
  x: 10,
  y: 20,
  width: 200,
  height: 40,
  content: "Hello",
  styles: { fontSize: "16px", color: "#333333" },
};
const image: LayoutElementInput = {
  ...text,
  id: "element-2",
  type: "image",
  content: "/uploads/images/a.png",
  alt: "A kettle on a windowsill",
};

/** The first refusal as "path: message", or "accepted". */
function refusal(schema: z.ZodType, input: unknown): string {
  const issue = schema.safeParse(input).error?.issues[0];
  return issue ? `${issue.path.join(".")}: ${issue.message}` : "accepted";
}

const styled = (styles: Record<string, unknown>) => ({ ...text, styles });

describe("layoutElementSchema", () => {
  const hostile: [string, unknown, string, RegExp][] = [
    ["a script after a colour", styled({ color: "red</style><script>alert(1)</script>" }), "styles.color", /markup/],
    ["a URL as a colour", styled({ backgroundColor: "url(javascript:alert(1))" }), "styles.backgroundColor", /URL/],
    ["a spaced, upper-case URL", styled({ color: "URL (https://evil.example/x)" }), "styles.color", /URL/],
    ["an IE expression", styled({ color: "expression(alert(1))" }), "styles.color", /expression/],
    ["a second declaration", styled({ color: "red; position: fixed" }), "styles.color", /end the declaration/],
    ["a new rule", styled({ padding: "1px} body {display:none" }), "styles.padding", /end the declaration/],
    ["!important", styled({ padding: "10px !important" }), "styles.padding", /!important/],
    ["a CSS escape", styled({ color: "\\72 ed" }), "styles.color", /escapes/],
    ["a comment", styled({ color: "red/**/" }), "styles.color", /comments/],
    ["a line break", styled({ color: "red\nposition: fixed" }), "styles.color", /control characters/],
    ["a NUL", styled({ fontSize: "12px\u0000" }), "styles.fontSize", /control characters/],
    ["a property off the list", styled({ position: "fixed" }), "styles.position", /Not an allowed style property/],
    ["an old IE behaviour", styled({ behavior: "url(x.htc)" }), "styles.behavior", /Not an allowed style property/],
    ["a kebab-case name", styled({ "font-size": "12px" }), "styles.font-size", /Not an allowed style property/],
    ["a prototype name", styled({ constructor: "red" }), "styles.constructor", /Not an allowed style property/],
    ["a custom property", styled({ color: "var(--x)" }), "styles.color", /Must be a colour/],
    ["attr()", styled({ color: "attr(data-x)" }), "styles.color", /Must be a colour/],
    ["a negative size", styled({ fontSize: "-12px" }), "styles.fontSize", /Must be a length/],
    ["a size without a unit", styled({ fontSize: "12" }), "styles.fontSize", /Must be a length/],
    ["calc()", styled({ fontSize: "calc(100% - 1px)" }), "styles.fontSize", /Must be a length/],
    ["an unknown fit", styled({ objectFit: "stretch" }), "styles.objectFit", /cover, contain/],
    ["a cursor image", styled({ cursor: "url(evil.cur), auto" }), "styles.cursor", /URL/],
    ["two borders", styled({ border: "1px solid red, 2px" }), "styles.border", /none or a border/],
    ["a weight off the scale", styled({ fontWeight: "950" }), "styles.fontWeight", /normal, bold/],
    ["a number for a style", styled({ fontSize: 16 }), "styles.fontSize", /expected string/],
    ["a huge value", styled({ color: `#${"a".repeat(200)}` }), "styles.color", /At most 100/],
    ["a blank value", styled({ textAlign: " " }), "styles.textAlign", /empty/],
    ["styles as text", { ...text, styles: "color: red" }, "styles", /expected record/],
    ["a space in the id", { ...text, id: "a b" }, "id", /letters, digits/],
    ["an attribute in the id", { ...text, id: 'x" onmouseover="alert(1)' }, "id", /letters, digits/],
    ["a very long id", { ...text, id: "a".repeat(65) }, "id", /letters, digits/],
    ["an unknown type", { ...text, type: "script" }, "type", /Invalid option/],
    ["a negative x", { ...text, x: -1 }, "x", /at least 0/],
    ["NaN for y", { ...text, y: Number.NaN }, "y", /expected number/],
    ["an infinite x", { ...text, x: Number.POSITIVE_INFINITY }, "x", /received Infinity/],
    ["a fractional width", { ...text, width: 12.5 }, "width", /whole number/],
    ["a huge height", { ...text, height: 5000 }, "height", /At most 4000/],
    ["too much text", { ...text, content: "x".repeat(MAX_CONTENT + 1) }, "content", /At most 5000/],
    ["a NUL in the text", { ...text, content: "a\u0000b" }, "content", /control characters/],
    ["a javascript: image", { ...image, content: "javascript:alert(1)" }, "content", /http\(s\) URL/],
    ["a data: image", { ...image, content: "data:image/svg+xml;base64,PHN2Zz4=" }, "content", /http\(s\) URL/],
    ["a protocol-relative image", { ...image, content: "//evil.example/x.png" }, "content", /http\(s\) URL/],
    ["a video as an image", { ...image, content: "/uploads/videos/a.mp4" }, "content", /an image/],
    ["an event handler field", { ...text, onclick: "alert(1)" }, "", /onclick/],
    ["a child id with markup", { ...text, children: ["<b>"] }, "children.0", /letters, digits/],
  ];

  // Each would make every reader's browser, the admin's in the editors too, call the site.
  const API = "Must not be an address of the site's API";
  const siteAreas: [string, string, string][] = [
    ["the upload URL", "/api/objects/upload-url", API],
    ["a dot segment before //", "/.//api/objects/upload-url", API],
    ["an escaped dot before //", "/%2e//api/objects/upload-url", API],
    ["a step back before //", "/x/..//api/objects/upload-url", API],
    ["an escaped slash", "/./%2fapi/objects/upload-url", API],
    ["upper-case escaped dots", "/x/%2E%2E/api/objects/upload-url", API],
    ["an escape escaped again", "/%2561pi/objects/upload-url", API],
    ["the API in capitals", "/API/objects/upload-url", API],
    ["the API itself", "/api", API],
    ["the API on a named host", "https://mostlymeh.example/api/objects/upload-url", API],
    ["an admin page", "/./admin/posts", "Must not be an address of the site's admin pages"],
  ];
  it.each(siteAreas)("refuses an image of %s (%j)", (_name, source, message) => {
    expect(refusal(layoutElementSchema, { ...image, content: source })).toBe(`content: ${message}`);
  });
  it.each(siteAreas.filter(([, , message]) => message === API))(
    "refuses a button's destination of %s (%j)",
    (_name, href) => {
      expect(refusal(layoutElementSchema, { ...text, type: "button", href })).toBe(`href: ${API}`);
    },
  );
  it.each([
    ["a tab", "/a\tpi/objects/upload-url"],
    ["a line break", "/ap\ni/objects/upload-url"],
    ["a backslash", "/x\\..\\api/objects/upload-url"],
    ["a protocol-relative address", "//evil.example/x.png"],
  ])("refuses an image whose source holds %s, which the browser would read otherwise", (_name, source) => {
    expect(refusal(layoutElementSchema, { ...image, content: source })).toMatch(/^content: /);
  });

  it.each(hostile)("refuses %s", (_name, input, path, reason) => {
    const [at, message] = refusal(layoutElementSchema, input).split(/: (.*)/s);
    expect(at).toBe(path);
    expect(message).toMatch(reason);
  });

  it.each([
    ["a text element", text],
    ["an image by path", image],
    ["an image by URL", { ...image, content: "https://images.example/a.jpg" }],
    ["an image with no source yet", { ...image, content: "" }],
    ["a decorative image", { ...image, alt: undefined, decorative: true }],
    ["markup as plain text", { ...text, content: "<script>alert(1)</script>" }],
    ["a container with children", { ...text, type: "container", children: ["element-2"] }],
    [
      "every allowed style",
      styled({ fontWeight: "bold", border: "1px solid #ccc", lineHeight: "1.5", cursor: "move" }),
    ],
  ])("accepts %s", (_name, input) => {
    expect(refusal(layoutElementSchema, input)).toBe("accepted");
  });

  it.each([
    ["no alt text", { ...image, alt: undefined }, `alt: ${MISSING_ALT}`],
    ["blank alt text", { ...image, alt: "   " }, `alt: ${MISSING_ALT}`],
    ["alt text and not decorative", { ...image, alt: undefined, decorative: false }, `alt: ${MISSING_ALT}`],
    ["alt text on a decorative image", { ...image, decorative: true }, "alt: A decorative image has no alt text"],
    ["alt text past the limit", { ...image, alt: "a".repeat(MAX_ALT + 1) }, `alt: At most ${MAX_ALT} characters`],
    ["alt text over two lines", { ...image, alt: "A kettle\non a sill" }, /^alt: /],
    ["alt text on a text element", { ...text, alt: "Hello" }, "alt: Only an image has alt text"],
    [
      "a decorative button",
      { ...text, type: "button", decorative: true },
      "decorative: Only an image can be decorative",
    ],
  ])("refuses an image with %s, naming the field", (_name, input, expected) => {
    if (typeof expected === "string") expect(refusal(layoutElementSchema, input)).toBe(expected);
    else expect(refusal(layoutElementSchema, input)).toMatch(expected);
  });

  it("holds an image without words while it is a draft, and trims the words it keeps", () => {
    expect(refusal(draftElementSchema, { ...image, alt: undefined })).toBe("accepted");
    expect(layoutElementSchema.parse({ ...image, alt: "  A kettle " }).alt).toBe("A kettle");
  });

  it("trims style values as it keeps them", () => {
    expect(layoutElementSchema.parse(styled({ color: "  #fff " })).styles).toEqual({ color: "#fff" });
  });
});

describe("designerElementSchema", () => {
  it("takes the quick designer's elements only", () => {
    expect(refusal(designerElementSchema, text)).toBe("accepted");
    expect(refusal(designerElementSchema, { ...text, id: "logo" })).toBe("id: Must be element- followed by a number");
    expect(refusal(designerElementSchema, { ...text, type: "container" })).toMatch(/^type: /);
    expect(refusal(designerElementSchema, { ...text, children: [] })).toMatch(/children/);
    expect(refusal(designerElementSchema, { ...image, content: "javascript:alert(1)" })).toMatch(/^content: /);
  });
});

describe("layoutDocumentSchema", () => {
  const el = (id: string, children?: string[]) => ({ ...text, id, ...(children && { children }) });

  it.each([
    ["a repeated id", [el("a"), el("a")], "1.id: Another element has this id"],
    ["a child that does not exist", [el("a", ["ghost"])], "0.children.0: No element has this id"],
    ["an element its own child", [el("a", ["a"])], "0.children.0: Would make the element its own ancestor"],
    [
      "a cycle",
      [el("a", ["b"]), el("b", ["c"]), el("c", ["a"])],
      "2.children.0: Would make the element its own ancestor",
    ],
    [
      "a child of two parents",
      [el("a", ["c"]), el("b", ["c"]), el("c")],
      "1.children.0: Already a child of an element",
    ],
    ["a child listed twice", [el("a", ["b", "b"]), el("b")], "0.children.1: Already a child of an element"],
    ["too many elements", Array.from({ length: MAX_ELEMENTS + 1 }, (_, i) => el(`e${i}`)), ": At most 200 elements"],
    ["a bad element inside", [el("a"), { ...el("b"), x: -5 }], "1.x: Must be at least 0"],
  ])("refuses %s", (_name, input, expected) => {
    expect(refusal(layoutDocumentSchema, input)).toBe(expected);
  });

  it("accepts an empty layout and a nested one", () => {
    expect(refusal(layoutDocumentSchema, [])).toBe("accepted");
    expect(refusal(layoutDocumentSchema, [el("c"), el("a", ["b"]), el("b", ["c"])])).toBe("accepted");
  });
});
