/** The value a test expects to be there, or the test fails saying what was missing. */
export function present<T>(value: T | null | undefined, what = "value"): T {
  if (value === null || value === undefined) throw new Error(`Expected a ${what}, found none`);
  return value;
}
