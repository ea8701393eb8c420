/**
 * What the dashboard and the newsletter screen say of confirmations the hourly budget holds
 * back: signups were taken and answered as ever, and their messages wait their turn.
 * @example heldText(3, 50) // "3 confirmations are waiting because of the hourly limit (50 an hour); …"
 */
export const heldText = (held: number, perHour: number): string =>
  `${held === 1 ? "1 confirmation is" : `${String(held)} confirmations are`} waiting because of the hourly limit ` +
  `(${String(perHour)} an hour); they go out as it allows.`;
