/**
 * A drill still marked running after this long was stopped with its process (a drill of the
 * largest site takes minutes): it no longer holds the next one back. The job's own time-out.
 */
export const DRILL_GIVEN_UP_AFTER_MS = 3_600_000;
