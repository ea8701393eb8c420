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
