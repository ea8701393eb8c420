import { record, redo, startHistory, undo, type History } from "@/lib/history";
import { themeToken } from "@/lib/theme-token";

/**
 * The CSS editor's document is the theme's text: the Code Editor edits it directly, and the
 * Visual Editor's controls are views of the tokens declared in it, which write back into it.
 * So both tabs always show one document, and what is saved is exactly what was shown.
 */
export interface ThemeDraft {
  history: History<string>;
  /** The text as last loaded or saved: the draft is unsaved when it differs. */
  saved: string;
}

/** A rule added in the Visual Editor (SPEC §5: only with both a property and a value). */
export interface CustomRule {
  selector: string;
  property: string;
  value: string;
}

export type DraftAction =
  | { type: "loaded"; css: string }
  | { type: "saved"; css: string }
  | { type: "edited"; css: string; at: number }
  | { type: "tokenSet"; name: string; value: string; at: number }
  | { type: "ruleAdded"; rule: CustomRule }
  | { type: "undo" }
  | { type: "redo" };

export const startDraft = (css: string): ThemeDraft => ({ history: startHistory(css), saved: css });

export const isUnsaved = (draft: ThemeDraft): boolean => draft.history.present !== draft.saved;

// A value typed into a control ends at its declaration: nothing in it may close the declaration or the rule.
const cleanValue = (value: string): string => value.replace(/[;{}\s]+/g, " ").trim();

const declarationOf = (name: string) => new RegExp(`(?<![\\w-])${name}\\s*:\\s*([^;}]*)`, "g");

/** The value a token has with the theme laid over the default: what the page will use. */
export function tokenValue(css: string, defaultCss: string, name: string): string | undefined {
  return themeToken(`${defaultCss}\n${css}`, name);
}

/**
 * The text with the token set: its last declaration gets the new value in place, or, if the
 * theme does not declare it yet, it is added to the theme's first `:root` rule (one is
 * made at the top if there is none).
 */
export function withToken(css: string, name: string, value: string): string {
  const clean = cleanValue(value);
  const last = [...css.matchAll(declarationOf(name))].at(-1);
  if (last?.index !== undefined && last[1] !== undefined) {
    const start = last.index + last[0].length - last[1].length;
    const end = start + last[1].trimEnd().length;
    return css.slice(0, start) + clean + css.slice(end);
  }
  const root = /:root\s*\{/.exec(css);
  if (root) {
    const at = root.index + root[0].length;
    return `${css.slice(0, at)}\n  ${name}: ${clean};${css.slice(at)}`;
  }
  return `:root {\n  ${name}: ${clean};\n}\n${css ? `\n${css}` : ""}`;
}

/** The text with a rule added at the end, or null when the rule lacks a property or a value. */
export function withRule(css: string, rule: CustomRule): string | null {
  const selector = rule.selector.trim();
  const property = cleanValue(rule.property);
  const value = cleanValue(rule.value);
  if (!selector || !property || !value) return null;
  const separator = css === "" || css.endsWith("\n") ? "" : "\n";
  return `${css}${separator}\n${selector.replace(/[{}]/g, "")} {\n  ${property}: ${value};\n}\n`;
}

export function draftReducer(draft: ThemeDraft, action: DraftAction): ThemeDraft {
  const { history } = draft;
  switch (action.type) {
    case "loaded":
      return startDraft(action.css);
    case "saved":
      return { ...draft, saved: action.css };
    case "edited":
      return { ...draft, history: record(history, action.css, { key: "typing", at: action.at }) };
    case "tokenSet":
      return {
        ...draft,
        history: record(history, withToken(history.present, action.name, action.value), {
          key: `token:${action.name}`,
          at: action.at,
        }),
      };
    case "ruleAdded": {
      const next = withRule(history.present, action.rule);
      return next === null ? draft : { ...draft, history: record(history, next) };
    }
    case "undo":
      return { ...draft, history: undo(history) };
    case "redo":
      return { ...draft, history: redo(history) };
  }
}
