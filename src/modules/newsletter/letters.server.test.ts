import { expect, it } from "vitest";
import { confirmationLetter, issueLetter } from "./letters.server";

const siteUrl = "https://meh.example";
const unsubscribeUrl = `${siteUrl}/newsletter/unsubscribe?token=7.${"a".repeat(43)}`;
const confirmUrl = `${siteUrl}/newsletter/confirm?token=7.${"b".repeat(43)}`;

/** Each link of a plain text, with the character a mail program would read right after it. */
function linksIn(text: string): { url: string; next: string }[] {
  return [...text.matchAll(/https?:\/\/[^\s<>]+/g)].map((match) => ({
    url: match[0],
    next: text.charAt(match.index + match[0].length),
  }));
}

it("ends every link of a plain-text part where a mail program stops: at its bracket, never at punctuation", async () => {
  const letters = [
    await confirmationLetter({ siteName: "Mostly Meh", confirmUrl, unsubscribeUrl }),
    await issueLetter({
      siteName: "Mostly Meh",
      siteUrl,
      subject: "A puddle",
      unsubscribeUrl,
      items: [{ kind: "post", id: 1, url: `${siteUrl}/post/a-puddle`, title: "A puddle", summary: "It was there." }],
    }),
  ];
  for (const { text } of letters) {
    const links = linksIn(text);
    expect(links.map((link) => link.url)).toContain(unsubscribeUrl);
    for (const link of links) expect(link.next, link.url).toBe(">");
    // And the bracketed link is the end of its line: nothing follows it there to be taken in.
    expect(text).toMatch(new RegExp(`<${unsubscribeUrl.replaceAll(/[.?]/g, "\\$&")}>\\s*(\\n|$)`));
  }
  expect(letters[0]?.text).toContain(`<${confirmUrl}>`);
});

it("names a one-item issue's item once, when the issue is named for it", async () => {
  const item = { kind: "post" as const, id: 1, url: `${siteUrl}/post/a-puddle`, title: "A puddle", summary: "Wet." };
  const base = { siteName: "Mostly Meh", siteUrl, unsubscribeUrl };
  const headings = (html: string) => [...html.matchAll(/<h[12][^>]*>(?:<a[^>]*>)?([^<]+)/g)].map(([, text]) => text);
  const single = await issueLetter({ ...base, subject: "A puddle", items: [item] });
  expect(headings(single.html)).toEqual(["A puddle"]);
  // That heading is the item's link, as an item's own heading is.
  expect(single.html).toMatch(/<h1[^>]*><a href="https:\/\/meh\.example\/post\/a-puddle"/);
  // Said once in the whole message, the preview line included.
  expect(single.html.match(/A puddle/g)).toHaveLength(1);
  // Named otherwise, or with company, each item keeps its own heading.
  const renamed = await issueLetter({ ...base, subject: "Something wet", items: [item] });
  expect(headings(renamed.html)).toEqual(["Something wet", "A puddle"]);
  const two = await issueLetter({ ...base, subject: "A puddle", items: [item, { ...item, id: 2, title: "A drip" }] });
  expect(headings(two.html)).toEqual(["A puddle", "A puddle", "A drip"]);
});
