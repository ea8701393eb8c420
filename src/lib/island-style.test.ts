import { describe, expect, it } from "vitest";
import { ISLAND_STYLE, withoutIslandStyle } from "./island-style";

/** A text cut into its characters, as a stream might deliver it piece by piece. */
const characters = (text: string) => Array.from(new Intl.Segmenter().segment(text), ({ segment }) => segment);

async function through(chunks: string[]): Promise<string> {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(withoutIslandStyle(body)).text();
}

describe("withoutIslandStyle", () => {
  const page = `<html><head></head><body><main>${ISLAND_STYLE}<astro-island>é🙂</astro-island></main></body></html>`;
  const expected = page.replace(ISLAND_STYLE, "");

  it("takes the inline style out, however the page is cut into chunks", async () => {
    expect(await through([page])).toBe(expected);
    for (let at = 1; at < page.length; at += 7) {
      expect(await through([page.slice(0, at), page.slice(at)])).toBe(expected);
    }
    expect(await through(characters(page))).toBe(expected);
    // An emoji at every place the held-back tail could begin.
    const emojis = characters(`<p>${"🙂".repeat(80)}</p>${ISLAND_STYLE}`);
    const clean = emojis.join("").replace(ISLAND_STYLE, "");
    for (let at = 1; at < 90; at++) {
      expect(await through([emojis.slice(0, at).join(""), emojis.slice(at).join("")])).toBe(clean);
    }
  });

  it("passes a page without it through unchanged", async () => {
    expect(await through(["<p>short</p>"])).toBe("<p>short</p>");
    expect(await through([])).toBe("");
  });
});
