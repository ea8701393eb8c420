import { createHash } from "node:crypto";
import { publishedLayoutCss } from "./published-layout";

/**
 * A published design's stylesheet and a tag naming its bytes. The page asks for the sheet by
 * its tag, and browsers keep it for good: a new version, and equally a change to how designs
 * are drawn (on phones, say), gives other bytes, so a new address that no browser has kept.
 */
export function publishedStylesheet(elements: readonly unknown[]): { css: string; tag: string } {
  const css = publishedLayoutCss(elements);
  return { css, tag: createHash("sha256").update(css).digest("base64url").slice(0, 16) };
}
