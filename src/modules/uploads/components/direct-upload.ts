import AwsS3, { type AwsS3Options } from "@uppy/aws-s3";
import Uppy, { type Body, type Meta } from "@uppy/core";
import { apiRequest, readableError } from "@/lib/api-request";
import {
  MAX_BYTES,
  MULTIPART_ABOVE,
  multipartTargetSchema,
  partSize,
  UPLOAD_TYPES,
  uploadTargetSchema,
  type MultipartStep,
  type UploadKind,
} from "../contract";

// SPEC §5 and §9: one file per upload, of the kind's types and size.
const restrictions = (kind: UploadKind) => ({
  maxNumberOfFiles: 1,
  maxFileSize: MAX_BYTES[kind],
  allowedFileTypes: [...UPLOAD_TYPES[kind]],
});

// The plugin does not export the types of its signer.
type SignRequest = Extract<AwsS3Options<Meta, Body>, { signRequest: unknown }>["signRequest"];
type PresignableRequest = Parameters<SignRequest>[0];
type PresignedResponse = Awaited<ReturnType<SignRequest>>;

/** The step of a multipart upload an S3 request Uppy asks to have signed is, by its method and ids. */
function stepOf(request: PresignableRequest): MultipartStep["step"] {
  if (!("uploadId" in request)) {
    // Uppy deletes no object; only a whole file's PUT (signed apart) and CreateMultipartUpload lack an upload id.
    if (request.method !== "POST") throw new Error(`A ${request.method} of an object is not signed here`);
    return "create";
  }
  if ("partNumber" in request) return "part";
  return request.method === "GET" ? "list" : request.method === "DELETE" ? "abort" : "complete";
}

/**
 * An Uppy that sends one file of `kind` straight to the store (SPEC §7): signed by
 * `GET /api/objects/upload-url`, then a PUT to the site or S3's presigned POST form; a
 * file above MULTIPART_ABOVE goes in parts instead, each request signed by
 * `GET /api/objects/multipart-url`, and after a dropped connection Uppy's retry lists the
 * parts already there and sends the rest. `rawPath()` is where the file last signed for
 * went, to normalise once it is there; `onSignFailed` hears of an upload URL that could not
 * be had, before Uppy does.
 */
export function directUploader(kind: UploadKind, onSignFailed: () => void) {
  // One file per upload, so the path to normalise is the one last handed out.
  let rawPath = "";
  const uppy: Uppy = new Uppy({ restrictions: restrictions(kind), autoProceed: false });
  /** A PUT of the whole file, or S3's presigned POST form. */
  const signWhole = async (contentType: string): Promise<PresignedResponse> => {
    const params = uploadTargetSchema.parse(
      await apiRequest("GET", `/api/objects/upload-url?contentType=${encodeURIComponent(contentType)}`),
    );
    rawPath = params.rawPath;
    // With form fields (S3's presigned POST) Uppy posts a form; without, it PUTs the file.
    const hasFields = Object.keys(params.fields).length > 0;
    return { url: params.url, headers: params.headers, ...(hasFields ? { fields: params.fields } : {}) };
  };
  /** One request of a multipart upload; starting one hands out the key the rest name. */
  const signStep = async (request: PresignableRequest): Promise<PresignedResponse> => {
    const step = stepOf(request);
    const query = new URLSearchParams({ step, contentType: uppy.getFiles()[0]?.type ?? "" });
    if (step !== "create") query.set("key", request.key);
    if ("uploadId" in request) query.set("uploadId", request.uploadId);
    if ("partNumber" in request) query.set("partNumber", String(request.partNumber));
    const target = multipartTargetSchema.parse(await apiRequest("GET", `/api/objects/multipart-url?${query}`));
    if (step === "create") rawPath = target.rawPath;
    return { url: target.url, headers: target.headers, key: target.key };
  };
  uppy.use(AwsS3, {
    shouldUseMultipart: (file) => (file.size ?? 0) > MULTIPART_ABOVE,
    getChunkSize: ({ size }) => partSize(size),
    async signRequest(request) {
      try {
        const isWhole = request.method === "PUT" && !("uploadId" in request);
        const signed = isWhole
          ? await signWhole("contentType" in request ? (request.contentType ?? "") : "")
          : await signStep(request);
        // Uppy reads the object's location from this URL, so it must be absolute.
        return { ...signed, url: new URL(signed.url, window.location.origin).href };
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
