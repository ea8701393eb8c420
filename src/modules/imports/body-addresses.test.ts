import { describe, expect, it } from "vitest";
import { bodyAddresses, rewriteAddresses } from "./body-addresses";

const BODY = `# A walk

![A *kettle*, [boiling]](https://old.blog/a.jpg "It \\"sings\\"")

See [the **other** post](https://old.blog/2019/05/other/ "Other") and [elsewhere](https://example.com/).

[![Thumb](https://old.blog/t.jpg)](https://old.blog/2019/05/other/)

![By reference][pic]

[pic]: https://old.blog/ref.jpg "Referenced"

\`![not an image](https://old.blog/code.jpg)\`

    ![nor this](https://old.blog/indented.jpg)
`;

describe("bodyAddresses", () => {
  it("finds images, inline and by reference, and links, but nothing inside code", () => {
    expect(bodyAddresses(BODY)).toEqual({
      images: ["https://old.blog/a.jpg", "https://old.blog/t.jpg", "https://old.blog/ref.jpg"],
      links: ["https://old.blog/2019/05/other/", "https://example.com/"],
    });
  });
});

describe("rewriteAddresses", () => {
  const images = new Map([
    ["https://old.blog/a.jpg", "/uploads/images/a.jpg"],
    ["https://old.blog/t.jpg", "/uploads/images/t.jpg"],
    ["https://old.blog/ref.jpg", "/uploads/images/ref.jpg"],
  ]);
  const links = new Map([["https://old.blog/2019/05/other/", "/post/other"]]);

  it("points images and links at their new addresses and leaves every other character", () => {
    const out = rewriteAddresses(BODY, images, links);
    expect(out).toBe(
      BODY.replace(
        `![A *kettle*, [boiling]](https://old.blog/a.jpg "It \\"sings\\"")`,
        // Alt text is plain text: the emphasis it was written with goes, its words stay.
        `![A kettle, \\[boiling\\]](/uploads/images/a.jpg "It \\"sings\\"")`,
      )
        .replace(`(https://old.blog/2019/05/other/ "Other")`, `(/post/other "Other")`)
        .replace(
          `[![Thumb](https://old.blog/t.jpg)](https://old.blog/2019/05/other/)`,
          `[![Thumb](/uploads/images/t.jpg)](/post/other)`,
        )
        .replace(`[pic]: https://old.blog/ref.jpg "Referenced"`, `[pic]: /uploads/images/ref.jpg "Referenced"`),
    );
    // What it points at now is exactly what was asked, read back the way the site reads it.
    expect(bodyAddresses(out)).toEqual({
      images: ["/uploads/images/a.jpg", "/uploads/images/t.jpg", "/uploads/images/ref.jpg"],
      links: ["/post/other", "https://example.com/"],
    });
  });

  it("keeps an image's alt text and caption as they read", () => {
    const out = rewriteAddresses(
      `![A [b] c\\\\d](x.jpg "Say \\"hi\\"")\n`,
      new Map([["x.jpg", "/uploads/images/x.jpg"]]),
    );
    expect(out).toBe(`![A \\[b\\] c\\\\d](/uploads/images/x.jpg "Say \\"hi\\"")\n`);
  });

  it("changes nothing when nothing is asked", () => {
    expect(rewriteAddresses(BODY, new Map())).toBe(BODY);
  });
});
