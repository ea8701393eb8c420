/** Recovery codes come ten at a time. */
export const RECOVERY_CODES = 10;

/** A few left: time to make new ones before the last is spent. */
export const FEW_CODES_LEFT = 3;

/**
 * How many recovery codes are left, as the owner is told after spending one.
 * @example codesLeftText(2) // "2 recovery codes left."
 */
export function codesLeftText(left: number): string {
  if (left === 0) return "That was the last one. Make new codes on the account page.";
  return left === 1 ? "1 recovery code left." : `${String(left)} recovery codes left.`;
}
