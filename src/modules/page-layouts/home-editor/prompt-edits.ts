import type { Dispatch } from "react";
import { PLACEHOLDER_IMAGE } from "@/lib/image-url";
import { toast } from "@/lib/toast";
import { altFault, hrefFault } from "../element-edits";
import { layoutReducer, type LayoutAction, type LayoutEditor } from "../layout-document";
import type { LayoutElement } from "../schema";

/**
 * Asks for an element's words (or an image's address), then a button's destination or an
 * image's alt text; Cancel changes nothing (SPEC §4), and what the document would refuse is
 * said in a toast.
 */
export function promptEdit(editor: LayoutEditor, dispatch: Dispatch<LayoutAction>, element: LayoutElement): void {
  const answer = window.prompt(
    element.type === "image" ? "Image URL" : "Text",
    element.type === "image" && element.content === "" ? PLACEHOLDER_IMAGE : element.content,
  );
  if (answer === null) return;
  const next = layoutReducer(editor, { type: "editContent", id: element.id, content: answer });
  if (next === editor && answer.trim() !== element.content) {
    toast({
      title: "Not changed",
      description:
        element.type === "image" ? "An image must be an http(s) URL or a path on this site." : "That text is too long.",
      variant: "destructive",
    });
    return;
  }
  dispatch({ type: "editContent", id: element.id, content: answer });
  if (element.type === "button") promptHref(dispatch, element);
  if (element.type === "image") promptAlt(dispatch, element);
}

// An image's words are asked for after its address: what it shows, or nothing for an image
// that only decorates, which the question says; Cancel leaves them for the image's own field.
function promptAlt(dispatch: Dispatch<LayoutAction>, element: LayoutElement): void {
  const answer = window.prompt("Alt text: what the image shows (leave empty if it only decorates)", element.alt ?? "");
  if (answer === null) return;
  if (answer.trim() === "") {
    dispatch({ type: "markDecorative", id: element.id, decorative: true });
    return;
  }
  const fault = altFault(element, answer);
  if (fault) {
    toast({ title: "Not changed", description: `The image's alt text: ${fault}.`, variant: "destructive" });
    return;
  }
  dispatch({ type: "editAlt", id: element.id, alt: answer });
}

// A button's destination is asked for after its words; blank leaves it a label.
function promptHref(dispatch: Dispatch<LayoutAction>, element: LayoutElement): void {
  const answer = window.prompt("Links to (a path on this site or an https address)", element.href ?? "");
  if (answer === null) return;
  const fault = hrefFault(answer);
  if (fault) {
    toast({ title: "Not changed", description: `The button's destination: ${fault}.`, variant: "destructive" });
    return;
  }
  dispatch({ type: "editHref", id: element.id, href: answer });
}
