import "@uppy/core/css/style.min.css";
import "@uppy/dashboard/css/style.min.css";
import DashboardModal from "@uppy/react/dashboard-modal";
import { useEffect, useRef, useState } from "react";
import { toast } from "@/lib/toast";
import { useToastScope } from "@/lib/toast-scope";
import type { UploadKind } from "../contract";
import { directUploader, normalizeUpload } from "./direct-upload";

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

/** A button opening Uppy's dashboard for one direct upload, then normalising the file. */
export function UploadButton({ label, kind, successText, onUploaded }: UploadButtonProps) {
  const [open, setOpen] = useState(false);
  const scope = useToastScope();
  // Uppy's hooks are made once; they read the editor's current scope through this.
  const scopeNow = useRef(scope);
  useEffect(() => {
    scopeNow.current = scope;
  }, [scope]);
  const [{ uppy, rawPath }] = useState(() =>
    directUploader(kind, () => {
      toast({
        title: "Upload Error",
        description: "Failed to get upload URL. Please try again.",
        variant: "destructive",
        scope: scopeNow.current,
      });
    }),
  );

  useEffect(() => {
    const done = () => {
      normalizeUpload(rawPath()).then(
        (normalizedPath) => {
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
  }, [uppy, rawPath, onUploaded, successText, kind, scope]);

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
