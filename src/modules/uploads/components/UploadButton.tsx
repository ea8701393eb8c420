import AwsS3 from "@uppy/aws-s3";
import Uppy from "@uppy/core";
import "@uppy/core/css/style.min.css";
import "@uppy/dashboard/css/style.min.css";
import DashboardModal from "@uppy/react/dashboard-modal";
import { useEffect, useRef, useState } from "react";
import { apiRequest } from "@/lib/api-request";
import { toast } from "@/lib/toast";
import { useToastScope } from "@/lib/toast-scope";
import { MAX_BYTES, UPLOAD_TYPES, uploadTargetSchema, type UploadKind } from "../contract";

interface UploadButtonProps {
  label: string;
  kind: UploadKind;
  /** The toast text once the file is stored, e.g. 'Cover image has been uploaded successfully'. */
  successText: string;
  onUploaded: (path: string) => void;
}

const UPLOADED: Record<UploadKind, string> = {
  image: "Image Uploaded",
  video: "Video Uploaded",
  captions: "Captions Uploaded",
};

// SPEC §5 and §9: one file per upload, of the kind's types and size.
const restrictions = (kind: UploadKind) => ({
  maxNumberOfFiles: 1,
  maxFileSize: MAX_BYTES[kind],
  allowedFileTypes: [...UPLOAD_TYPES[kind]],
});

/** A button opening Uppy's dashboard for one direct upload, then normalising the file. */
export function UploadButton({ label, kind, successText, onUploaded }: UploadButtonProps) {
  const [open, setOpen] = useState(false);
  const scope = useToastScope();
  // Uppy's hooks are made once; they read the editor's current scope through this.
  const scopeNow = useRef(scope);
  useEffect(() => {
    scopeNow.current = scope;
  }, [scope]);
  // One file per upload, so the path to normalise is the one last handed out.
  const rawPath = useRef("");
  const [uppy] = useState(() =>
    new Uppy({ restrictions: restrictions(kind), autoProceed: false }).use(AwsS3, {
      shouldUseMultipart: false,
      async signRequest(request) {
        const type = "contentType" in request && request.contentType ? request.contentType : "";
        try {
          const params = uploadTargetSchema.parse(
            await apiRequest("GET", `/api/objects/upload-url?contentType=${encodeURIComponent(type)}`),
          );
          rawPath.current = params.rawPath;
          // Uppy reads the object's location from this URL, so it must be absolute. With
          // form fields (S3's presigned POST) it posts a form; without, it PUTs the file.
          const hasFields = Object.keys(params.fields).length > 0;
          return {
            url: new URL(params.url, window.location.origin).href,
            headers: params.headers,
            ...(hasFields ? { fields: params.fields } : {}),
          };
        } catch (error) {
          toast({
            title: "Upload Error",
            description: "Failed to get upload URL. Please try again.",
            variant: "destructive",
            scope: scopeNow.current,
          });
          throw error;
        }
      },
    }),
  );

  useEffect(() => {
    const done = () => {
      apiRequest<{ normalizedPath: string }>("POST", "/api/objects/normalize", { rawPath: rawPath.current }).then(
        ({ normalizedPath }) => {
          onUploaded(normalizedPath);
          toast({ title: UPLOADED[kind], description: successText, scope });
          setOpen(false);
          uppy.clear();
        },
        () => {
          toast({
            title: "Upload Error",
            description: "Failed to process uploaded image. Please try again.",
            variant: "destructive",
            scope,
          });
          uppy.clear();
        },
      );
    };
    uppy.on("upload-success", done);
    return () => {
      uppy.off("upload-success", done);
    };
  }, [uppy, onUploaded, successText, kind, scope]);

  return (
    <>
      <button
        type="button"
        className="button button--quiet"
        onClick={() => {
          setOpen(true);
        }}
      >
        {label}
      </button>
      <DashboardModal
        uppy={uppy}
        open={open}
        onRequestClose={() => {
          setOpen(false);
        }}
        closeModalOnClickOutside
        proudlyDisplayPoweredByUppy={false}
      />
    </>
  );
}
