import { describe, expect, it } from "vitest";
import { bodyText, renderBody } from "./render-body";

const render = (content: string) => renderBody({ content, format: "markdown" }, { idPrefix: "p1-", medium: "page" });

describe("rehypeFigures", () => {
  it("makes an image alone in its paragraph a figure, its title the caption", () => {
    expect(render('![A chair](/uploads/images/chair.jpg "Chair four, at rest")')).toBe(
      '<figure><img src="/uploads/images/chair.jpg" alt="A chair" loading="lazy"><figcaption>Chair four, at rest</figcaption></figure>',
    );
    expect(render("  ![A chair](/uploads/images/chair.jpg)  ")).toBe(
      '<figure><img src="/uploads/images/chair.jpg" alt="A chair" loading="lazy"></figure>',
    );
  });

  it("leaves an image within running text where it is, its title a title", () => {
    expect(render('A ![dot](/uploads/images/dot.png "Dot") in a line.')).toBe(
      '<p>A <img src="/uploads/images/dot.png" alt="dot" title="Dot" loading="lazy"> in a line.</p>',
    );
  });

  it('reads ![""](…) as a decorative image, with an empty alt, in a figure or a line', () => {
    expect(render('![""](/uploads/images/rule.png)')).toContain('alt=""');
    expect(render('A ![""](/uploads/images/dot.png) dot.')).toContain('<img src="/uploads/images/dot.png" alt=""');
    // Quotes around real words are the words.
    expect(render('![""A chair""](/uploads/images/chair.jpg)')).toContain('alt="&#x22;&#x22;A chair&#x22;&#x22;"');
  });

  it("counts a caption among a body's words, and not the alt text, which stands in for the picture", () => {
    expect(
      bodyText({ content: 'Before.\n\n![A chair](/uploads/a.jpg "Chair four")\n\nAfter.', format: "markdown" }),
    ).toBe("Before.\n\nChair four\n\nAfter.");
  });
});
