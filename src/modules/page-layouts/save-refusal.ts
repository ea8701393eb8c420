import { elementName } from "./element-description";
import { layoutDocumentSchema, type LayoutElement } from "./schema";

/** What the save schema would refuse first, said for the owner, and the element it is about. */
export interface SaveRefusal {
  /** The element at fault, when the fault is one element's. */
  id: string | undefined;
  message: string;
}

const FIELD_NAMES: Readonly<Record<string, string>> = { alt: "alt text", content: "content", href: "destination" };

/**
 * Why the server would refuse to save these elements, by the very schema it checks them
 * with, or undefined when it would take them: the editors say so at the field and send
 * nothing rather than meet a 400.
 * @example saveRefusal([newElement("image", "element-1")])?.message // "Image (alt text): Describe the image, or mark it decorative."
 */
export function saveRefusal(elements: readonly LayoutElement[]): SaveRefusal | undefined {
  const issue = layoutDocumentSchema.safeParse(elements).error?.issues[0];
  if (!issue) return undefined;
  const [index, field] = issue.path;
  const element = typeof index === "number" ? elements[index] : undefined;
  if (!element) return { id: undefined, message: `${issue.message}.` };
  const fieldName = typeof field === "string" ? ` (${FIELD_NAMES[field] ?? field})` : "";
  return { id: element.id, message: `${elementName(element)}${fieldName}: ${issue.message}.` };
}
