import { z } from "zod";

/**
 * A link the site may render as a URL: an http(s) URL or a path on this site. Never
 * `javascript:`, `data:` or a protocol-relative `//host` (OWASP ASVS 5.1.5).
 */
export const urlOrPath = z
  .string()
  .trim()
  .max(2048, "URL is too long")
  .refine(
    (value) => (/^\/(?![/\\])/.test(value) || /^https?:\/\//i.test(value)) && URL.canParse(value, "http://site"),
    {
      message: "Must be an http(s) URL or a path on this site",
    },
  );

/** Optional free text: blank becomes null. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .nullish()
    .transform((value) => (value ? value : null));

/**
 * A meh rating from a form: clamped to 1-5, and anything empty or not a number becomes 3
 * (SPEC §5).
 * @example clampRating("9") // 5
 */
export function clampRating(value: unknown): number {
  const number =
    typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : NaN;
  if (!Number.isFinite(number)) return 3;
  return Math.min(5, Math.max(1, Math.round(number)));
}

export const mehRating = z.unknown().optional().transform(clampRating);
