/** Where a page's beacon goes; the front server answers it without a render. */
export const HIT_PATH = "/api/analytics/hit";
