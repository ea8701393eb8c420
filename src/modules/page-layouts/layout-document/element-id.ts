import { ELEMENT_ID_PREFIX } from "../defaults";

/**
 * An id no element has yet: the prefix and one more than the highest number after it.
 * The prefix must itself be made of id characters.
 * @example nextElementId([{ id: "element-2" }, { id: "logo" }]) // "element-3"
 */
export function nextElementId(elements: readonly { id: string }[], prefix = ELEMENT_ID_PREFIX): string {
  const ids = new Set(elements.map(({ id }) => id));
  let number = 1;
  for (const id of ids) {
    const digits = id.startsWith(`${prefix}-`) ? id.slice(prefix.length + 1) : "";
    if (/^\d{1,15}$/.test(digits)) number = Math.max(number, Number(digits) + 1);
  }
  while (ids.has(`${prefix}-${number}`)) number += 1;
  return `${prefix}-${number}`;
}
