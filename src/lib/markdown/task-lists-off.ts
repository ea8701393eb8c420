import type { Root } from "mdast";
import { visit } from "unist-util-visit";

/**
 * remark-gfm reads `- [ ] x` as a task list, and has no option to leave them out; an essay has
 * no use for checkboxes, so an item's box goes back to being its text.
 */
export function remarkTaskListsOff() {
  return (tree: Root) => {
    visit(tree, "listItem", (item) => {
      if (item.checked === null || item.checked === undefined) return;
      const box = item.checked ? "[x] " : "[ ] ";
      item.checked = null;
      const [first] = item.children;
      if (first?.type === "paragraph") first.children.unshift({ type: "text", value: box });
      else item.children.unshift({ type: "paragraph", children: [{ type: "text", value: box.trimEnd() }] });
    });
  };
}
