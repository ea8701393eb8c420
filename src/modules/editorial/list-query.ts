import { z } from "zod";
import { categoryPageQuery } from "@/lib/query-schemas";
import { STATUS_FILTERS } from "./publication";

/**
 * `?status=` on the post and video lists: published (what visitors see) unless said;
 * anything else is the admin's alone. Kept out of `query-schemas`, which the public
 * listings' islands carry, since only the endpoints read it.
 */
export const statusQuery = z.object({
  status: z
    .enum(STATUS_FILTERS, { error: `Status must be one of: ${STATUS_FILTERS.join(", ")}` })
    .optional()
    .transform((v) => v ?? "published"),
});

/** `?category=&status=` with paging: the post and video lists. */
export const listQuery = categoryPageQuery.extend(statusQuery.shape);
