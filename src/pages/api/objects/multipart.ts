import type { Db } from "@/lib/db.server";
import { defineRoute } from "@/lib/define-route.server";
import { invalid, notFound } from "@/lib/errors";
import { readBody } from "@/lib/http.server";
import { UPLOADS_PREFIX } from "@/lib/image-url";
import type { SessionUser } from "@/lib/session-user";
import { completedXml, initiatedXml, namedParts, partsXml } from "@/modules/uploads/s3-xml";
import { siteObjects } from "@/modules/uploads/site-objects.server";
import { checkUpload } from "@/modules/uploads/upload-policy.server";

// The local driver's multipart upload, in S3's protocol, each request allowed by the
// signed policy in its URL (`GET /api/objects/multipart-url`), as a whole file's PUT is.
// With S3 the browser sends the parts to the bucket; this endpoint is not there.

/** The name the answers give the local store, where S3's give the bucket's. */
const BUCKET = "uploads";

async function allowed(db: Db, user: SessionUser, url: URL) {
  const store = await siteObjects();
  if (!store.multipart) throw notFound("Upload endpoint");
  const param = (name: string) => url.searchParams.get(name) ?? "";
  const policy = await checkUpload(db, param("policy"), param("signature"), user.id);
  return { parts: store.multipart, policy, uploadId: policy.upload ?? "" };
}

const xml = (body: string) => new Response(body, { headers: { "Content-Type": "application/xml" } });

/** Start an upload (CreateMultipartUpload), or, for one already started, join its parts (CompleteMultipartUpload). */
export const POST = defineRoute({
  access: "admin",
  rawBody: true,
  run: async ({ db, user, context: { request, url } }) => {
    const { parts, policy, uploadId } = await allowed(db, user, url);
    if (!uploadId) return xml(initiatedXml(BUCKET, policy.key, await parts.create(policy)));
    // 10,000 parts named in a few hundred KB.
    const named = namedParts(await readBody(request, 1024 * 1024));
    if (!named) throw invalid("Send the parts to join as a CompleteMultipartUpload document", "parts");
    await parts.complete(policy, named);
    return xml(completedXml(UPLOADS_PREFIX + policy.key, BUCKET, policy.key, uploadId));
  },
});

/** Take one part (UploadPart): its ETag in the header, as S3 answers. */
export const PUT = defineRoute({
  access: "admin",
  rawBody: true,
  run: async ({ db, user, context: { request, url } }) => {
    const { parts, policy } = await allowed(db, user, url);
    const etag = await parts.put(request.body, policy);
    return new Response(null, { headers: { ETag: `"${etag}"` } });
  },
});

/** The parts already sent (ListParts), so an upload broken off resumes with the rest. */
export const GET = defineRoute({
  access: "admin",
  run: async ({ db, user, context: { url } }) => {
    const { parts, policy, uploadId } = await allowed(db, user, url);
    return xml(partsXml(BUCKET, policy.key, uploadId, await parts.list(policy)));
  },
});

/** Drop the upload and its parts (AbortMultipartUpload). */
export const DELETE = defineRoute({
  access: "admin",
  run: async ({ db, user, context: { url } }) => {
    const { parts, policy } = await allowed(db, user, url);
    await parts.abort(policy);
    return new Response(null, { status: 204 });
  },
});
