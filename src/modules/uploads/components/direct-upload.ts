import AwsS3 from "@uppy/aws-s3";
import Uppy from "@uppy/core";
import { apiRequest, readableError } from "@/lib/api-request";
import { MAX_BYTES, UPLOAD_TYPES, uploadTargetSchema, type UploadKind } from "../contract";

// SPEC §5 and §9: one file per upload, of the kind's types and size.
const restrictions = (kind: UploadKind) => ({
  maxNumberOfFiles: 1,
  maxFileSize: MAX_BYTES[kind],
  allowedFileTypes: [...UPLOAD_TYPES[kind]],
});

/**
 * An Uppy that sends one file of `kind` straight to the store (SPEC §7): signed by
 * `GET /api/objects/upload-url`, then a PUT to the site or S3's presigned POST form.
 * `rawPath()` is where the file last signed for went, to normalise once it is there;
 * `onSignFailed` hears of an upload URL that could not be had, before Uppy does.
 */
export function directUploader(kind: UploadKind, onSignFailed: () => void) {
  // One file per upload, so the path to normalise is the one last handed out.
  let rawPath = "";
  const uppy = new Uppy({ restrictions: restrictions(kind), autoProceed: false }).use(AwsS3, {
    shouldUseMultipart: false,
    async signRequest(request) {
      const type = "contentType" in request && request.contentType ? request.contentType : "";
      try {
        const params = uploadTargetSchema.parse(
          await apiRequest("GET", `/api/objects/upload-url?contentType=${encodeURIComponent(type)}`),
        );
        rawPath = params.rawPath;
        // Uppy reads the object's location from this URL, so it must be absolute. With
        // form fields (S3's presigned POST) it posts a form; without, it PUTs the file.
        const hasFields = Object.keys(params.fields).length > 0;
        return {
          url: new URL(params.url, window.location.origin).href,
          headers: params.headers,
          ...(hasFields ? { fields: params.fields } : {}),
        };
      } catch (error) {
        onSignFailed();
        throw error;
      }
    },
  });
  return { uppy, rawPath: () => rawPath };
}

/** Make an uploaded file the site's (checked, and moved where the site serves it from): its path there. */
export async function normalizeUpload(rawPath: string): Promise<string> {
  const { normalizedPath } = await apiRequest<{ normalizedPath: string }>("POST", "/api/objects/normalize", {
    rawPath,
  });
  return normalizedPath;
}

/**
 * Upload one file with no window of Uppy's (an image pasted or dropped into the editor),
 * along the path the upload button takes: its path on the site once it is there, or an
 * error whose message a person can read (the file refused, the store unreachable).
 */
export async function uploadFile(kind: UploadKind, file: File): Promise<string> {
  const signing = { failed: false };
  const { uppy, rawPath } = directUploader(kind, () => {
    signing.failed = true;
  });
  try {
    // Refused here, before anything is sent, for its type or size, in Uppy's own words.
    uppy.addFile({ name: file.name, type: file.type, data: file, source: "Local" });
    const result = await uppy.upload();
    if (signing.failed) throw new Error("Could not get an upload URL. Please try again.");
    if (!result?.successful?.length) throw new Error("The file could not be sent. Please try again.");
    return await normalizeUpload(rawPath()).catch((error: unknown) => {
      throw new Error(readableError(error, "The uploaded file could not be processed. Please try again."));
    });
  } finally {
    uppy.destroy();
  }
}
