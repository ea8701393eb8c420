import { describe, expect, it } from "vitest";
import { BAND_LIMITS, withinBand } from "./band";
import { DESIGN_WIDTH, newElement } from "./defaults";
import { savedElementsSchema } from "./api-schema";
import { layoutDocumentSchema } from "./schema";

const box = newElement("box", "element-1");
const text = newElement("text", "element-2");

describe("withinBand", () => {
  it("gives back the very element when it is already inside the band", () => {
    expect(withinBand(box)).toBe(box);
    expect(withinBand({ ...box, x: DESIGN_WIDTH - box.width })).toMatchObject({ x: DESIGN_WIDTH - box.width });
  });

  it("holds width to the band and the right edge at the band's", () => {
    expect(withinBand({ ...box, x: 1100, width: 4000 })).toMatchObject({ x: 0, width: DESIGN_WIDTH });
    expect(withinBand({ ...box, x: 5000 })).toMatchObject({ x: DESIGN_WIDTH - box.width, width: box.width });
  });

  it("holds text, padding, borders and line height to sizes a page can carry", () => {
    const held = withinBand({
      ...text,
      styles: { fontSize: "9999px", padding: "10px 2000px", border: "100px solid #cccccc", lineHeight: "50" },
    });
    expect(held.styles).toEqual({
      fontSize: `${String(BAND_LIMITS.fontPx)}px`,
      padding: `10px ${String(BAND_LIMITS.paddingPx)}px`,
      border: `${String(BAND_LIMITS.borderPx)}px solid #cccccc`,
      lineHeight: String(BAND_LIMITS.lineHeight),
    });
    expect(withinBand({ ...text, styles: { fontSize: "625rem" } }).styles.fontSize).toBe("160px");
    expect(withinBand({ ...text, styles: { fontSize: "2rem", lineHeight: "1.5" } }).styles).toEqual({
      fontSize: "2rem",
      lineHeight: "1.5",
    });
  });
});

describe("a saved layout", () => {
  it("is held inside the band, as the editors show it", () => {
    const saved = savedElementsSchema.parse([{ ...box, x: 900, width: 4000, styles: { padding: "9999px" } }]);
    expect(saved[0]).toMatchObject({ x: 0, width: DESIGN_WIDTH, styles: { padding: "120px" } });
  });

  it("refuses a destination that is not a path or an https URL, the API, or on anything but a button", () => {
    const button = newElement("button", "element-3");
    const refused = (element: object) =>
      layoutDocumentSchema.safeParse([element]).error?.issues.map((issue) => [issue.path.join("."), issue.message]);
    expect(layoutDocumentSchema.parse([{ ...button, href: "/archive" }])[0]?.href).toBe("/archive");
    expect(layoutDocumentSchema.parse([{ ...button, href: "https://example.org/a" }])[0]?.href).toBe(
      "https://example.org/a",
    );
    expect(refused({ ...button, href: "javascript:alert(1)" })).toEqual([
      ["0.href", "Must be an http(s) URL or a path on this site"],
    ]);
    expect(refused({ ...button, href: "http://example.org" })).toEqual([
      ["0.href", "Must be a path on this site or an https URL"],
    ]);
    expect(refused({ ...button, href: "/api/objects/upload-url" })?.[0]?.[0]).toBe("0.href");
    expect(refused({ ...button, href: "/%61pi/posts" })?.[0]?.[0]).toBe("0.href");
    expect(refused({ ...button, href: "/a\tb" })?.[0]?.[0]).toBe("0.href");
    expect(refused({ ...box, href: "/archive" })).toEqual([["0.href", "Only a button has a destination"]]);
    const image = { ...newElement("image", "element-4"), alt: "A kettle" };
    expect(refused({ ...image, content: "/api/objects/upload-url" })).toEqual([
      ["0.content", "Must not be an address of the site's API"],
    ]);
  });
});
