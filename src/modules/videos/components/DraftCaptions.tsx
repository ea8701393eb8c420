import { useMutation, useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { apiRequest, readableError } from "@/lib/api-request";
import { uploadFile } from "@/modules/uploads/components/direct-upload";
import { VIDEOS_ENDPOINT } from "../keys";

const DRAFT_ENDPOINT = `${VIDEOS_ENDPOINT}/draft-captions`;

/**
 * "Draft captions": the video's sound sent to OpenAI's transcription (the server's key), its
 * WebVTT shown to be corrected, then saved as the video's captions the way an uploaded file
 * is. Not shown when the server has no key.
 */
export function DraftCaptions({ videoUrl, onSaved }: { videoUrl: string; onSaved: (path: string) => void }) {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const available = useQuery({
    queryKey: [DRAFT_ENDPOINT],
    queryFn: ({ signal }) => apiRequest<{ available: boolean }>("GET", DRAFT_ENDPOINT, undefined, signal),
    staleTime: Infinity,
  });
  const drafting = useMutation({
    mutationFn: () => apiRequest<{ vtt: string }>("POST", DRAFT_ENDPOINT, { videoUrl }),
    onSuccess: ({ vtt }) => {
      setDraft(vtt);
    },
  });
  const saving = useMutation({
    mutationFn: (text: string) => uploadFile("captions", new File([text], "draft.vtt", { type: "text/vtt" })),
    onSuccess: (path) => {
      setDraft(null);
      onSaved(path);
    },
  });
  if (!available.data?.available) return null;
  const failure = drafting.error ?? saving.error;
  return (
    <div className="draft-captions">
      <button
        type="button"
        className="button button--quiet"
        disabled={!videoUrl || drafting.isPending}
        onClick={() => {
          saving.reset();
          drafting.mutate();
        }}
      >
        {drafting.isPending ? "Drafting captions…" : "Draft captions"}
      </button>
      {!videoUrl && <p className="meta">Upload the video first: its sound is what is transcribed.</p>}
      {failure && (
        <p role="alert" className="field-error">
          {readableError(failure, "The draft could not be made. Please try again.")}
        </p>
      )}
      {draft !== null && (
        <div className="field">
          <label htmlFor={`${id}-draft`}>Draft captions (WebVTT): correct them, then save</label>
          <textarea
            id={`${id}-draft`}
            rows={10}
            spellCheck
            value={draft}
            onChange={(event) => {
              setDraft(event.target.value);
            }}
          />
          <button
            type="button"
            className="button"
            disabled={saving.isPending}
            onClick={() => {
              saving.mutate(draft);
            }}
          >
            {saving.isPending ? "Saving…" : "Save as captions"}
          </button>
        </div>
      )}
    </div>
  );
}
