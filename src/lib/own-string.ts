/**
 * A copy of `text` that shares nothing with the string it came from. V8 makes a slice of a
 * string (what a parser hands out, what `trim` and `slice` return) point into the whole it
 * came from, and keeps that whole alive while the slice lives: a few words kept from each
 * item of a large export would keep the whole export in memory. Strings kept beyond the item
 * they came from are copied with this.
 */
export const ownString = (text: string): string => Buffer.from(text, "utf8").toString("utf8");
