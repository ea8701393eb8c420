import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";
import { sha256 } from "@oslojs/crypto/sha2";
import { and, eq, gt, lte } from "drizzle-orm";
import type { Db } from "@/lib/db.server";
import { tables } from "@/lib/db.server";
import type { RevisionSubject } from "./revisions.server";

const { previewLinks } = tables;

/** How long a preview link works unless revoked. */
export const PREVIEW_LINK_DAYS = 7;

/** Where preview links live; `/preview/{token}`. */
export const PREVIEW_PATH = "/preview/";

// 160 random bits in base32 (32 characters): past guessing, and plain in a URL.
const TOKEN = /^[a-z2-7]{32}$/;

const hashToken = (token: string): string => encodeHexLowerCase(sha256(new TextEncoder().encode(token)));

const owner = (subject: RevisionSubject) =>
  subject.kind === "post" ? { postId: subject.id } : { videoId: subject.id };
const ofItem = (subject: RevisionSubject) =>
  subject.kind === "post" ? eq(previewLinks.postId, subject.id) : eq(previewLinks.videoId, subject.id);

/**
 * A new link that shows the item to whoever holds it. Only its hash is stored, so the token
 * exists once, in the answer to the owner. Expired links of the item are cleared on the way.
 */
export async function createPreviewLink(
  db: Db,
  subject: RevisionSubject,
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(20)));
  const expiresAt = new Date(now.getTime() + PREVIEW_LINK_DAYS * 86_400_000);
  await db.delete(previewLinks).where(and(ofItem(subject), lte(previewLinks.expiresAt, now)));
  await db.insert(previewLinks).values({ ...owner(subject), tokenHash: hashToken(token), expiresAt });
  return { token, expiresAt };
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
