import matter from "gray-matter";
import { parse } from "yaml";
import { refuseExport } from "../source-item";

export type Fields = Record<string, unknown>;

/**
 * A Markdown file's front matter and body, or "toml" for Hugo's `+++` front matter, which
 * the site does not read. The YAML is read as YAML 1.2 (the `yaml` package, whose alias
 * limit stops a billion-laughs file): dates stay text until the reader checks them.
 */
export function readFrontMatter(text: string, path: string): { fields: Fields; body: string } | "toml" {
  if (/^\uFEFF?\+\+\+\r?\n/.test(text)) return "toml";
  try {
    // Options given, gray-matter keeps no cache of every file it read.
    const file = matter(text, {
      engines: {
        yaml: (source: string): object => {
          const value: unknown = parse(source);
          return typeof value === "object" && value !== null && !Array.isArray(value) ? value : {};
        },
      },
    });
    return { fields: file.data, body: file.content };
  } catch (error) {
    throw refuseExport(`its front matter cannot be read: ${(error as Error).message.split("\n")[0] ?? ""}`, path);
  }
}

/** The first of `keys` the fields give as text (a number is text too). */
export function textField(fields: Fields, ...keys: string[]): string | null {
  for (const key of keys) {
    const value = fields[key];
    if (typeof value === "string" && value.trim()) return value.trim();
    if (typeof value === "number") return String(value);
  }
  return null;
}

/** The first of `keys` the fields give at all, as given (a date, text, an object). */
export function anyField(fields: Fields, ...keys: string[]): unknown {
  return keys.map((key) => fields[key]).find((value) => value !== undefined && value !== null && value !== "");
}

/**
 * A list field as its items: a YAML list, or text split at commas (Bear's `tags: a, b`), or
 * at spaces where the tool does so (Jekyll's `tags: a b`).
 */
export function listField(value: unknown, splitAtSpaces: boolean): string[] {
  if (Array.isArray(value)) return value.flatMap((item) => listField(item, false));
  if (typeof value === "number") return [String(value)];
  if (typeof value !== "string") return [];
  const parts = value.includes(",") || !splitAtSpaces ? value.split(",") : value.split(/\s+/);
  return parts.map((part) => part.trim()).filter(Boolean);
}

/** A yes-or-no field, as YAML 1.1 tools (Jekyll, Hugo) also write it. */
export const isTrue = (value: unknown): boolean =>
  value === true || (typeof value === "string" && /^(true|yes|on)$/i.test(value.trim()));
export const isFalse = (value: unknown): boolean =>
  value === false || (typeof value === "string" && /^(false|no|off)$/i.test(value.trim()));
