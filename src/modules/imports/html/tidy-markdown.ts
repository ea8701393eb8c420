/**
 * Markdown as the essay keeps it: no white space at a line's end, no more than one blank
 * line in a row, no blank line at the start, one line break at the end. Run while code
 * blocks are held aside as one line each (`HeldCodeBlocks`), so their own blank lines stay.
 * One pass over the lines, whatever their length.
 * @example tidyMarkdown("\n\nOne  \n\n\n\nTwo") // "One\n\nTwo\n"
 */
export function tidyMarkdown(markdown: string): string {
  const kept: string[] = [];
  let blank = false;
  for (const raw of markdown.split("\n")) {
    // trimEnd, not a regular expression: `[ \t]+$` retries at every space of a long run.
    const line = raw.trimEnd();
    if (line === "" && (blank || kept.length === 0)) continue;
    blank = line === "";
    kept.push(line);
  }
  return `${kept.join("\n").trimEnd()}\n`;
}
