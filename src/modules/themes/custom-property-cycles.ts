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

// Names a message shows of a long loop, so one loop through thousands says a line, not a page.
const SHOWN_IN_LOOP = 6;

/**
 * Custom properties of the theme that read themselves back through var(), directly or by a
 * chain, with the default theme's declarations standing for those the theme leaves out (it
 * is laid over the default). A browser makes every property of a loop invalid, so the theme
 * would not look as written, and a resolver that follows references would never end.
 * Declarations of one name under different selectors count together: a loop that only
 * some elements meet is still refused. Linear in the theme's size, however it is written.
 * @example customPropertyCycles([--a: var(--b), --b: var(--a)], new Map()) // a finding at --a and at --b
 */
export function customPropertyCycles(
  theme: Declaration[],
  defaults: ReadonlyMap<string, ReadonlySet<string>>,
): CssFinding[] {
  const own = customPropertyReferences(theme);
  const readsOf = (name: string): ReadonlySet<string> => own.get(name) ?? defaults.get(name) ?? new Set();
  const declared = [...own.keys()];
  const order = new Map(declared.map((name, position) => [name, position]));
  const loops = new Map<string, string>();
  for (const members of stronglyConnected(declared, readsOf)) {
    const [any] = members;
    if (any === undefined) continue;
    // A group of one is a loop only when the property reads itself.
    if (members.length === 1 && !readsOf(any).has(any)) continue;
    // One loop told per group, from the member the theme declares first, so a loop through
    // thousands of properties is described once, not once each.
    const first = members.reduce((a, b) => ((order.get(a) ?? Infinity) <= (order.get(b) ?? Infinity) ? a : b));
    const loop = describeLoop(first, readsOf, new Set(members));
    for (const name of members) loops.set(name, loop);
  }
  const findings: CssFinding[] = [];
  for (const declaration of theme) {
    const loop = loops.get(declaration.name);
    // Only a declaration that reads another property can close a loop.
    if (loop === undefined || !customPropertyReferences([declaration]).get(declaration.name)?.size) continue;
    findings.push({
      offset: declaration.offset,
      message: `${declaration.name} is in a loop of var() references (${loop}): every property in the loop would be invalid`,
    });
  }
  return findings;
}

/**
 * The strongly connected groups of the reference graph reachable from `roots` (Tarjan's
 * algorithm, without recursion, so a chain of thousands cannot overflow the stack).
 */
function stronglyConnected(roots: string[], readsOf: (name: string) => ReadonlySet<string>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  for (const root of roots) {
    if (index.has(root)) continue;
    const work: { name: string; next: Iterator<string> }[] = [];
    const visit = (name: string) => {
      index.set(name, index.size);
      low.set(name, index.size - 1);
      stack.push(name);
      onStack.add(name);
      work.push({ name, next: readsOf(name)[Symbol.iterator]() });
    };
    visit(root);
    while (work.length > 0) {
      const frame = work.at(-1);
      if (!frame) break;
      const step = frame.next.next();
      if (!step.done) {
        const read = step.value;
        if (!index.has(read)) visit(read);
        else if (onStack.has(read)) low.set(frame.name, Math.min(low.get(frame.name) ?? 0, index.get(read) ?? 0));
        continue;
      }
      work.pop();
      const parent = work.at(-1);
      if (parent) low.set(parent.name, Math.min(low.get(parent.name) ?? 0, low.get(frame.name) ?? 0));
      if (low.get(frame.name) !== index.get(frame.name)) continue;
      const group: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        group.push(member);
      } while (member !== frame.name);
      groups.push(group);
    }
  }
  return groups;
}

/** The shortest way from `start` back to it inside its loop, as `--a → --b → --a`, long ones shortened. */
function describeLoop(start: string, readsOf: (name: string) => ReadonlySet<string>, inLoop: Set<string>): string {
  const cameFrom = new Map<string, string>();
  let frontier = [start];
  let last: string | undefined;
  while (frontier.length > 0 && last === undefined) {
    const next: string[] = [];
    for (const name of frontier) {
      for (const read of readsOf(name)) {
        if (read === start) last ??= name;
        if (!inLoop.has(read) || cameFrom.has(read) || read === start) continue;
        cameFrom.set(read, name);
        next.push(read);
      }
    }
    frontier = next;
  }
  const path = [start];
  for (let current = last; current !== undefined && current !== start; current = cameFrom.get(current)) {
    path.splice(1, 0, current);
  }
  path.push(start);
  if (path.length <= SHOWN_IN_LOOP) return path.join(" → ");
  return [...path.slice(0, SHOWN_IN_LOOP - 1), "…", start].join(" → ");
}
