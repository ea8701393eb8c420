/**
 * The named fields of `value` and nothing else: how a response or a stored document names
 * what it carries, so a column added to a row reaches no JSON until it is named here.
 * @example allowed({ id: 7, passwordHash: "…" }, ["id"]) // { id: 7 }
 */
export function allowed<T extends object, K extends keyof T>(value: T, keys: readonly K[]): Pick<T, K> {
  const picked: Partial<Pick<T, K>> = {};
  for (const key of keys) picked[key] = value[key];
  // Every key of K was set just above.
  return picked as Pick<T, K>;
}
