import { describe, expect, it } from "vitest";
import { toolSyntaxToMarkdown } from "./markdown-syntax";

describe("toolSyntaxToMarkdown", () => {
  it("makes Hugo's YouTube, Vimeo and figure shortcodes Markdown, in either delimiter", () => {
    const text = [
      '{{< youtube id="dQw4w9WgXcQ" >}}',
      "{{% vimeo 76979871 %}}",
      '{{< figure src="a.jpg" alt="A [big] cup" caption=\'Tea\' >}}',
      '{{< figure src="b.jpg" >}}',
    ].join("\n\n");
    expect(toolSyntaxToMarkdown(text, false)).toEqual({
      markdown: [
        "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
        "https://vimeo.com/76979871",
        '![A \\[big\\] cup](a.jpg "Tea")',
        "![](b.jpg)",
      ].join("\n\n"),
      dropped: [],
    });
  });

  it("removes other shortcodes and Liquid tags, keeping what they wrap, and names each once", () => {
    const text = [
      "{{< gallery >}}",
      "Photos.",
      "{{< /gallery >}}",
      "{% include a.html %} and {% include b.html %}",
      "{% comment %}A note to self.{% endcomment %}",
      "{% raw %}{{ kept }}{% endraw %}",
      "![a]({{ site.baseurl }}/x.png) [b]({{ '/y.pdf' | relative_url }})",
    ].join("\n");
    expect(toolSyntaxToMarkdown(text, false)).toEqual({
      markdown: "\nPhotos.\n\n and \n\n{{ kept }}\n![a](/x.png) [b](/y.pdf)",
      dropped: ['the "gallery" shortcode', 'the Liquid tag "include"'],
    });
  });

  it("removes MDX's import and export lines and components only from an MDX file", () => {
    const text = "import Chart from './Chart';\nexport const meta = {};\n\n<Chart data={[1, 2]} />\n\nText.";
    expect(toolSyntaxToMarkdown(text, true)).toEqual({
      markdown: "\n\nText.",
      dropped: ["an MDX import line", "an MDX export line", "the <Chart> component"],
    });
    expect(toolSyntaxToMarkdown(text, false).markdown).toBe(text);
  });

  it("leaves code blocks and code spans as written", () => {
    const text = "~~~\n{% include a.html %}\n~~~\n\n`{{< youtube x >}}`";
    expect(toolSyntaxToMarkdown(text, true)).toEqual({ markdown: text, dropped: [] });
  });
});
