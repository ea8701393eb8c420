/** A code fence's opening: three or more backticks or tildes, indented as a list item would. */
const FENCE = /^\s*(`{3,}|~{3,})/;

/**
 * Markdown as the essay keeps it: no white space at a line's end, no more than one blank
 * line in a row outside code, no blank line at the start, one line break at the end. Code
 * blocks keep their blank lines as written. One pass over the lines, whatever their length.
 * @example tidyMarkdown("\n\nOne  \n\n\n\nTwo") // "One\n\nTwo\n"
 */
export function tidyMarkdown(markdown: string): string {
  const kept: string[] = [];
  let fence: string | null = null;
  let blank = false;
  for (const raw of markdown.split("\n")) {
    // trimEnd, not a regular expression: `[ \t]+$` retries at every space of a long run.
    const line = raw.trimEnd();
    const opening = FENCE.exec(line)?.[1];
    if (fence !== null) {
      if (opening !== undefined && opening[0] === fence[0] && opening.length >= fence.length && line.trim() === opening)
        fence = null;
      kept.push(line);
      continue;
    }
    if (opening) fence = opening;
    if (line === "" && (blank || kept.length === 0)) continue;
    blank = line === "";
    kept.push(line);
  }
  return `${kept.join("\n").trimEnd()}\n`;
}
