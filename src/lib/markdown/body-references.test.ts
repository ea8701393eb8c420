import { describe, expect, it } from "vitest";
import { bodyReferences, undescribedImages } from "./body-references";

describe("bodyReferences", () => {
  it("finds every image, by reference too, and every embedded video once, in order", () => {
    const source = [
      '![A chair](/uploads/images/chair.jpg "Caption")',
      "Inline ![](/uploads/images/dot.png) and ![a ref][plate] and ![missing][nowhere].",
      "::video[the-kettle]",
      ":::aside\n::video[ceiling-tiles]\n:::",
      "::video[the-kettle]",
      "A note.[^n]",
      '[^n]: With ![""](/uploads/images/rule.png).',
      "[plate]: /uploads/images/plate.png",
    ].join("\n\n");
    expect(bodyReferences(source)).toEqual({
      images: [
        { src: "/uploads/images/chair.jpg", alt: "A chair" },
        { src: "/uploads/images/dot.png", alt: "" },
        { src: "/uploads/images/plate.png", alt: "a ref" },
        { src: "/uploads/images/rule.png", alt: '""' },
      ],
      videos: ["the-kettle", "ceiling-tiles"],
    });
  });

  it("sees nothing in code, or in a line that only looks like a directive", () => {
    expect(bodyReferences("```\n::video[x]\n![](/a.png)\n```\n\n    ::video[y]\n\nSay ::video[z] in a line.")).toEqual({
      images: [],
      videos: [],
    });
  });

  it("tells the images with no alt text and no decorative mark", () => {
    const references = bodyReferences('![](/a.png)\n\n![  ](/b.png)\n\n![""](/c.png)\n\n![C](/d.png)');
    expect(undescribedImages(references).map((image) => image.src)).toEqual(["/a.png", "/b.png"]);
  });
});
