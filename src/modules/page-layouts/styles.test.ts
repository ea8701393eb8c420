import { describe, expect, it } from "vitest";
import { STYLE_PROPERTIES, STYLE_VALUE_MAX, styleFault, type StyleProperty } from "./styles";

describe("styleFault", () => {
  const accepted: [StyleProperty, string][] = [
    ["fontSize", "16px"],
    ["fontSize", "1.5rem"],
    ["fontSize", "2em"],
    ["fontSize", "120%"],
    ["fontSize", "0"],
    ["color", "#333"],
    ["color", "#333333"],
    ["color", "#667eeaCC"],
    ["color", "rgb(51, 51, 51)"],
    ["color", "rgba(0,0,0,.5)"],
    ["color", "rgb(51 51 51 / 50%)"],
    ["color", "hsl(240, 50%, 60%)"],
    ["color", "hsla(240 50% 60% / 0.4)"],
    ["color", "White"],
    ["backgroundColor", "transparent"],
    ["fontWeight", "normal"],
    ["fontWeight", "600"],
    ["padding", "10px"],
    ["padding", "12px 24px"],
    ["padding", "1px 2px 3px 4px"],
    ["borderRadius", "50%"],
    ["border", "none"],
    ["border", "0"],
    ["border", "1px solid #ccc"],
    ["border", "2px dashed rgba(0, 0, 0, 0.2)"],
    ["border", "1px dotted"],
    ["objectFit", "scale-down"],
    ["cursor", "pointer"],
    ["textAlign", "justify"],
    ["lineHeight", "1.6"],
    ["lineHeight", "24px"],
    ["lineHeight", "normal"],
  ];
  it.each(accepted)("accepts %s: %s", (property, value) => {
    expect(styleFault(property, value)).toBeUndefined();
  });

  it("names what could break out before saying what was expected", () => {
    expect(styleFault("color", "red; background: url(x)")).toBe("Must not load a URL");
    expect(styleFault("color", "red; position: fixed")).toBe("Must not end the declaration or the rule");
    expect(styleFault("padding", "1px 2px 3px 4px 5px")).toBe("Must be one to four lengths such as 10px or 12px 24px");
    expect(styleFault("fontSize", "1".repeat(STYLE_VALUE_MAX + 1))).toBe(`At most ${STYLE_VALUE_MAX} characters`);
  });

  it("knows a grammar for every allowed property", () => {
    for (const property of STYLE_PROPERTIES) expect(styleFault(property, "§")).toMatch(/^Must be /);
  });
});
