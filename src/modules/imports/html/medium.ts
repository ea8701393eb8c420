import { appendAll, boxMarker, elements } from "./dom";

/**
 * Medium's export as the essay carries it. Its page repeats the title (`h3.graf--title`)
 * and subtitle (`h4.graf--subtitle`, which the reader keeps as the excerpt) as the body's
 * first paragraphs: those go. A pullquote becomes a `:::pullquote` box, and each section
 * after the first starts with a rule. Given the whole exported page, only its body is read.
 */
export function reshapeMedium(root: Element): void {
  const body = root.querySelector("section[data-field=body]");
  if (body) {
    const content = Array.from(body.childNodes);
    root.textContent = "";
    appendAll(root, content);
  }
  const [first, second] = elements(root, ".graf");
  if (first?.matches("h3.graf--title")) first.remove();
  const lead = first?.matches("h3.graf--title") ? second : first;
  if (lead?.matches("h4.graf--subtitle")) lead.remove();
  for (const quote of elements(root, "blockquote.graf--pullquote"))
    quote.replaceWith(boxMarker(root.ownerDocument, "pullquote", Array.from(quote.childNodes)));
  const dividers = elements(root, ".section-divider").filter(
    (divider) => !divider.parentElement?.closest(".section-divider"),
  );
  dividers.forEach((divider, index) => {
    if (index === 0) divider.remove();
    else divider.replaceWith(root.ownerDocument.createElement("hr"));
  });
}
