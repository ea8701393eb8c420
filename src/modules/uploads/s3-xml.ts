// The few XML documents of S3's multipart upload that the local store speaks itself, so
// the browser's uploader (and the test bucket) talk to it as to S3.

const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

const element = (name: string, content: string | number) => `<${name}>${escape(String(content))}</${name}>`;

const document = (name: string, content: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><${name} xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${content}</${name}>`;

/** CreateMultipartUpload's answer. */
export const initiatedXml = (bucket: string, key: string, uploadId: string): string =>
  document(
    "InitiateMultipartUploadResult",
    element("Bucket", bucket) + element("Key", key) + element("UploadId", uploadId),
  );

/** ListParts' answer: the parts sent so far, in order. */
export const partsXml = (
  bucket: string,
  key: string,
  uploadId: string,
  parts: { partNumber: number; size: number; etag: string }[],
  truncated = false,
): string =>
  document(
    "ListPartsResult",
    element("Bucket", bucket) +
      element("Key", key) +
      element("UploadId", uploadId) +
      element("IsTruncated", String(truncated)) +
      parts
        .map(
          (p) =>
            `<Part>${element("PartNumber", p.partNumber) + element("ETag", `"${p.etag}"`) + element("Size", p.size)}</Part>`,
        )
        .join(""),
  );

/** CompleteMultipartUpload's answer. */
export const completedXml = (location: string, bucket: string, key: string, etag: string): string =>
  document(
    "CompleteMultipartUploadResult",
    element("Location", location) + element("Bucket", bucket) + element("Key", key) + element("ETag", `"${etag}"`),
  );

/**
 * The parts a CompleteMultipartUpload request names, in its order, ETags without quotes;
 * null when the body is not such a list.
 * @example namedParts("<CompleteMultipartUpload><Part><PartNumber>1</PartNumber><ETag>\"ab\"</ETag></Part></CompleteMultipartUpload>") // [{ partNumber: 1, etag: "ab" }]
 */
export function namedParts(xml: string): { partNumber: number; etag: string }[] | null {
  if (!/^\s*(<\?xml[^>]*\?>\s*)?<CompleteMultipartUpload[\s>]/.test(xml)) return null;
  const parts = [...xml.matchAll(/<Part>([\s\S]*?)<\/Part>/g)].map(([, part = ""]) => ({
    partNumber: Number(/<PartNumber>\s*(\d{1,5})\s*<\/PartNumber>/.exec(part)?.[1] ?? Number.NaN),
    etag: (/<ETag>([^<]*)<\/ETag>/.exec(part)?.[1] ?? "").replace(/^(&quot;|&#34;|")+|(&quot;|&#34;|")+$/g, ""),
  }));
  return parts.every((p) => Number.isInteger(p.partNumber) && p.etag) ? parts : null;
}
