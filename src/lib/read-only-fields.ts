import { z } from "zod";

/**
 * A write's schema that also accepts, and drops before reading, the named fields of what a
 * GET returns but the write does not take (ids, what the server derives, what another call
 * owns). So the representation an API client read, sent back with a change, saves; any key
 * not named is still read by `schema`, whose strict object refuses it with a 400 naming it.
 * The fields are dropped whatever their value: the URL names the item, the stored values
 * stand, and the answer shows them, so a representation read before a job or another save
 * changed one of them still saves.
 *
 * @example
 * const put = acceptingReadOnly(["id", "lateSeconds"], z.strictObject({ title: z.string() }));
 * put.parse({ id: 7, lateSeconds: null, title: "Kettle" }); // { title: "Kettle" }
 * put.safeParse({ title: "Kettle", colour: "grey" }).success; // false: unknown key
 */
export function acceptingReadOnly<S extends z.ZodType, K extends string>(keys: readonly K[], schema: S) {
  const readOnly = new Set<string>(keys);
  // Typed as what a client may send; at run time any JSON arrives, and the schema judges it.
  return z.preprocess((input: z.input<S> & { [key in K]?: unknown }) => without(input, readOnly), schema);
}

/** An object without the named keys; anything else as it is, for the schema to refuse. */
function without(input: unknown, keys: ReadonlySet<string>): unknown {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return input;
  return Object.fromEntries(Object.entries(input).filter(([key]) => !keys.has(key)));
}
