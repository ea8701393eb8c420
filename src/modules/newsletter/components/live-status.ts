/** While an issue is on its way, the screens that show it ask again this often. */
const LIVE_MS = 2000;

/** Where an issue stands while mail may still leave: what the screens follow live. */
const UNDER_WAY: readonly string[] = ["scheduled", "sending"];

/**
 * A query's refetch interval: every `LIVE_MS` while any of the issues it read is under way,
 * so "Sending soon" turns to "Sent" without a reload; none once all have settled.
 */
export const liveWhileUnderWay = (statuses: readonly string[] | undefined): number | false =>
  statuses?.some((status) => UNDER_WAY.includes(status)) ? LIVE_MS : false;
