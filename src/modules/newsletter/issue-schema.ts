import { z } from "zod";
import { databaseId, text } from "@/lib/form-fields";
import { pageQuery } from "@/lib/query-schemas";
import { readSearchTerm } from "@/lib/search-term";
import { SUBSCRIBER_STATUSES } from "../../../db/content-statuses.ts";
import { MAX_ISSUE_ITEMS } from "./issue-contents.server";

/** The longest subject line: mail programs show about 60 characters; 150 leaves room to be wordy. */
export const SUBJECT_MAX_LENGTH = 150;

const itemIds = (name: string) =>
  z
    .array(databaseId(), { error: `${name} must be a list of ids` })
    .max(MAX_ISSUE_ITEMS, `${name} may hold at most ${String(MAX_ISSUE_ITEMS)} ids`)
    .transform((ids) => [...new Set(ids)]);

/** `POST /api/newsletter/issues`: the items to carry (none: the digest of what is new) and, if wanted, its subject. */
export const issueInputSchema = z.strictObject({
  postIds: itemIds("postIds").optional(),
  videoIds: itemIds("videoIds").optional(),
  subject: text({ singleLine: true })
    .trim()
    .min(1, "Subject cannot be empty")
    .max(SUBJECT_MAX_LENGTH, `Subject must be at most ${String(SUBJECT_MAX_LENGTH)} characters`)
    .optional(),
});
export type IssueInput = z.output<typeof issueInputSchema>;

/** `POST /api/newsletter/issues/{id}/send`: `overLimit` sends although two issues went out this month. */
export const sendInputSchema = z.strictObject({ overLimit: z.boolean().optional() }).optional();

/** `?status=&search=&page=&limit=&format=` on the subscriber list. */
export const subscriberQuery = pageQuery.pick({ page: true, limit: true }).extend({
  status: z.enum(SUBSCRIBER_STATUSES, { error: `Status must be one of: ${SUBSCRIBER_STATUSES.join(", ")}` }).optional(),
  search: text()
    .optional()
    .transform((v) => readSearchTerm(v ?? "")),
  format: z.enum(["json", "csv"], { error: "Format must be json or csv" }).optional(),
});
export type SubscriberQuery = z.output<typeof subscriberQuery>;
