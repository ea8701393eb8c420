import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";
import { sha256 } from "@oslojs/crypto/sha2";
import { and, eq, gt, inArray, lte } from "drizzle-orm";
import type { Db } from "@/lib/db.server";
import { tables } from "@/lib/db.server";
import { conflict, notFound } from "@/lib/errors";
import { isPublished, type Publication } from "./publication";
import type { RevisionSubject } from "./revisions.server";
import { lockedPublication } from "./visibility.server";

const { previewLinks, posts, videos } = tables;

/** How long a preview link works unless revoked. */
export const PREVIEW_LINK_DAYS = 7;

/** Where preview links live; `/preview/{token}`. */
export const PREVIEW_PATH = "/preview/";

// 160 random bits in base32 (32 characters): past guessing, and plain in a URL.
const TOKEN = /^[a-z2-7]{32}$/;

const hashToken = (token: string): string => encodeHexLowerCase(sha256(new TextEncoder().encode(token)));

const owner = (subject: RevisionSubject) =>
  subject.kind === "post" ? { postId: subject.id } : { videoId: subject.id };
const itemColumn = (kind: RevisionSubject["kind"]) => (kind === "post" ? previewLinks.postId : previewLinks.videoId);
const ofItem = (subject: RevisionSubject) => eq(itemColumn(subject.kind), subject.id);

/**
 * A new link that shows the item to whoever holds it, while it is not published. Only its
 * hash is stored, so the token exists once, in the answer to the owner. Expired links of
 * the item are cleared on the way. A published item has none (409): publishing ends them,
 * and one made now would show the item's next draft once it is unpublished.
 */
export async function createPreviewLink(
  db: Db,
  subject: RevisionSubject,
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(20)));
  const expiresAt = new Date(now.getTime() + PREVIEW_LINK_DAYS * 86_400_000);
  await db.transaction(async (tx) => {
    // The item's row lock, which a publish also takes: none can come between this check and
    // the insert and leave a link it did not end.
    const current =
      subject.kind === "post"
        ? await lockedPublication(tx, posts, subject.id)
        : await lockedPublication(tx, videos, subject.id);
    if (!current) throw notFound(subject.kind === "post" ? "Post" : "Video");
    if (isPublished(current)) throw conflict(`This ${subject.kind} is published: share its page instead of a preview`);
    await tx.delete(previewLinks).where(and(ofItem(subject), lte(previewLinks.expiresAt, now)));
    await tx.insert(previewLinks).values({ ...owner(subject), tokenHash: hashToken(token), expiresAt });
  });
  return { token, expiresAt };
}

/**
 * End every preview link of the items of `kind` just published, in the publish's own
 * transaction: a link was made for a draft, and once the item is public it has nothing
 * left to show, nor may it show the item's next draft after an unpublish. New links can
 * be made for that draft.
 */
export async function endPreviewLinks(db: Db, kind: RevisionSubject["kind"], ids: readonly number[]): Promise<void> {
  if (ids.length > 0) await db.delete(previewLinks).where(inArray(itemColumn(kind), [...ids]));
}

/** End the item's preview links when a write takes it from unpublished to published. */
export async function endPreviewLinksIfPublished(
  db: Db,
  subject: RevisionSubject,
  before: Pick<Publication, "status">,
  after: Pick<Publication, "status">,
): Promise<void> {
  if (!isPublished(before) && isPublished(after)) await endPreviewLinks(db, subject.kind, [subject.id]);
}

/** Revoke every link of the item; how many there were. */
export async function revokePreviewLinks(db: Db, subject: RevisionSubject): Promise<number> {
  return (await db.delete(previewLinks).where(ofItem(subject)).returning({ tokenHash: previewLinks.tokenHash })).length;
}

/** The item a token shows, while the link is live; null for anything else. */
export async function previewSubject(db: Db, token: string, now = new Date()): Promise<RevisionSubject | null> {
  if (!TOKEN.test(token)) return null;
  const [row] = await db
    .select({ postId: previewLinks.postId, videoId: previewLinks.videoId })
    .from(previewLinks)
    .where(and(eq(previewLinks.tokenHash, hashToken(token)), gt(previewLinks.expiresAt, now)))
    .limit(1);
  if (row?.postId) return { kind: "post", id: row.postId };
  if (row?.videoId) return { kind: "video", id: row.videoId };
  return null;
}
