// zod/mini's check also serves classic zod schemas, and keeps the islands' bundles small.
import { refine } from "zod/mini";

/**
 * The one rule for text a visitor sends, in any field, parameter or query value.
 * PostgreSQL cannot store U+0000 (SQLSTATE 22021), a lone surrogate has no UTF-8 form,
 * and the other C0 controls but tab, line feed and carriage return are not allowed in
 * XML, so the feeds would break on them. A single-line field (a title, a name) takes no
 * control character at all.
 */
/* eslint-disable no-control-regex -- finding control characters is what these are for */
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;
const SINGLE_LINE_CONTROLS = /[\u0000-\u001f\u007f]/;
/* eslint-enable no-control-regex */

export interface TextRule {
  singleLine?: boolean;
}

/**
 * Why a text is not acceptable, or undefined when it is.
 * @example textFault("a\u0000b") // "Must not contain control characters"
 */
export function textFault(value: string, { singleLine = false }: TextRule = {}): string | undefined {
  if (!value.isWellFormed()) return "Must be valid Unicode text";
  if (singleLine && SINGLE_LINE_CONTROLS.test(value)) return "Must be one line without control characters";
  if (CONTROLS.test(value)) return "Must not contain control characters";
  return undefined;
}

/** The rule as a zod check, for the schemas forms and endpoints share. */
export const acceptableText = (rule: TextRule = {}) =>
  refine<string>((value) => textFault(value, rule) === undefined, {
    error: (issue) => textFault(String(issue.input), rule),
  });

/** A text that breaks the rule somewhere in an input, and the dotted path to it (`images.0.description`). */
export interface TextFault {
  field: string;
  message: string;
}

/**
 * A text anywhere in an input (a string, or the strings and names inside arrays,
 * objects and query parameters) that breaks the rule, so input no schema reads is still
 * refused. A bad name is reported at the path that holds it. Walked without recursion,
 * since a body may nest deeper than the stack.
 * @example findTextFault({ images: [{ description: "\u0000" }] }) // { field: "images.0.description", … }
 */
export function findTextFault(input: unknown): TextFault | undefined {
  const pending: [unknown, string][] = [[input, ""]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, path] = next;
    if (typeof value === "string") {
      const message = textFault(value);
      if (message !== undefined) return { field: path, message };
      continue;
    }
    if (typeof value !== "object" || value === null) continue;
    const entries = value instanceof URLSearchParams || Array.isArray(value) ? value.entries() : Object.entries(value);
    for (const [key, item] of entries) {
      const name = String(key);
      const message = textFault(name);
      if (message !== undefined) return { field: path, message };
      pending.push([item, path ? `${path}.${name}` : name]);
    }
  }
  return undefined;
}
