// Apart from domain-constants.ts, which the public pages' islands carry: only the admin's
// islands, the schema and the services need these.

/**
 * Where a post or video stands: a draft only the owner sees, scheduled to go public at its
 * `publishedAt`, or published. Rows from before drafts existed are published.
 */
export const CONTENT_STATUSES = ["draft", "scheduled", "published"] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

/**
 * Why a revision of a post or video was kept: its first save, a save, the save that made it
 * public or took it back, a restore of an older revision, or the dialog's autosave.
 */
export const REVISION_REASONS = ["created", "saved", "published", "unpublished", "restored", "autosave"] as const;
export type RevisionReason = (typeof REVISION_REASONS)[number];

/**
 * Where a newsletter address stands: waiting for its owner to confirm it, receiving the
 * newsletter, left, or refused for good by its mail server.
 */
export const SUBSCRIBER_STATUSES = ["pending", "active", "unsubscribed", "bounced"] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

/**
 * Where a newsletter issue stands: being written (or called back within its undo window),
 * waiting out that window, going out, stopped after its mail server kept failing (until the
 * owner resumes it), or done: every copy delivered or given up on.
 */
export const ISSUE_STATUSES = ["draft", "scheduled", "sending", "paused", "sent"] as const;
export type IssueStatus = (typeof ISSUE_STATUSES)[number];

/**
 * What became of one issue for one reader: not yet sent, accepted by their server, refused
 * for now and to be tried again, refused for good (the address bounced), given up on, or
 * unknown: their server was handed the whole message and never answered, so it may have
 * arrived and is sent again only when the owner asks.
 */
export const DELIVERY_STATUSES = ["pending", "sent", "retrying", "bounced", "failed", "unknown"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
