import { directiveFromMarkdown } from "mdast-util-directive";
import { directive } from "micromark-extension-directive";
import type { Processor } from "unified";

/**
 * The generic directive syntax, for blocks only: a container (`:::aside` … `:::`) and a leaf
 * alone on its line (`::video[slug]`). The text form (`:name`) is left out on purpose: with
 * it, "Note:see" or a ratio of "3:2" would be read as a directive in running prose.
 * `remark-directive` has no switch for that, so its two parts are used directly, with the
 * syntax's `flow` constructs and not its `text` one.
 */
export function remarkBlockDirectives(this: Processor) {
  const data = this.data();
  const { flow } = directive();
  (data.micromarkExtensions ??= []).push({ flow });
  (data.fromMarkdownExtensions ??= []).push(directiveFromMarkdown());
}
