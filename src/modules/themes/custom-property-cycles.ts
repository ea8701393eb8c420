import { isTokenFunction, isTokenIdent, isTokenWhiteSpaceOrComment } from "@csstools/css-tokenizer";
import type { CssFinding } from "./css-problem";
import type { Declaration } from "./css-rules";

/** The custom properties each custom property's declarations read through var(). */
export function customPropertyReferences(declarations: Declaration[]): Map<string, Set<string>> {
  const references = new Map<string, Set<string>>();
  for (const { name, value } of declarations) {
    if (!name.startsWith("--")) continue;
    const read = references.get(name) ?? new Set<string>();
    references.set(name, read);
    value.forEach((token, index) => {
      if (!isTokenFunction(token) || token[4].value.toLowerCase() !== "var") return;
      const target = value.slice(index + 1).find((next) => !isTokenWhiteSpaceOrComment(next));
      if (target && isTokenIdent(target)) read.add(target[4].value);
    });
  }
  return references;
}

/**
 * Custom properties of the theme that read themselves back through var(), directly or by a
 * chain, with the default theme's declarations standing for those the theme leaves out (it
 * is laid over the default). A browser makes every property of a cycle invalid, so the
 * theme would not look as written, and a resolver that follows references would never end.
 * Declarations of one name under different selectors count together: a cycle that only
 * some elements meet is still refused.
 * @example customPropertyCycles([--a: var(--b), --b: var(--a)], new Map()) // a finding at --a and at --b
 */
export function customPropertyCycles(
  theme: Declaration[],
  defaults: ReadonlyMap<string, ReadonlySet<string>>,
): CssFinding[] {
  const own = customPropertyReferences(theme);
  const readsOf = (name: string): ReadonlySet<string> => own.get(name) ?? defaults.get(name) ?? new Set();
  const findings: CssFinding[] = [];
  for (const declaration of theme) {
    const { name, offset } = declaration;
    // Only a declaration that reads another property can close a loop.
    if (!customPropertyReferences([declaration]).get(name)?.size) continue;
    const path = pathBack(name, readsOf);
    if (path) {
      findings.push({
        offset,
        message: `${name} refers back to itself through var() (${[name, ...path].join(" → ")}): every property in the loop would be invalid`,
      });
    }
  }
  return findings;
}

/** The shortest chain of references from `start` back to it, or undefined when there is none. */
function pathBack(start: string, readsOf: (name: string) => ReadonlySet<string>): string[] | undefined {
  const cameFrom = new Map<string, string>();
  let frontier = [start];
  while (frontier.length > 0) {
    const next: string[] = [];
    for (const name of frontier) {
      for (const read of readsOf(name)) {
        if (read === start) return [...chainTo(name, start, cameFrom), start];
        if (cameFrom.has(read)) continue;
        cameFrom.set(read, name);
        next.push(read);
      }
    }
    frontier = next;
  }
  return undefined;
}

function chainTo(name: string, start: string, cameFrom: Map<string, string>): string[] {
  const chain: string[] = [];
  for (let current = name; current !== start; current = cameFrom.get(current) ?? start) chain.unshift(current);
  return chain;
}
