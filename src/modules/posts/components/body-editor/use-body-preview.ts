import { useEffect, useRef, useState } from "react";
import { apiRequest, readableError } from "@/lib/api-request";
import { newestOnly } from "@/lib/newest-only";
import { useSettledValue } from "@/lib/use-settled-value";
import { BODY_PREVIEW_ENDPOINT, bodyPreviewSchema, type BodyPreview } from "../../body-preview-schema";

/** How long typing pauses before the preview is drawn again. */
export const PREVIEW_WAIT_MS = 300;

/**
 * The server's drawing of `content` (`POST /api/posts/body-preview`), asked for once typing
 * pauses. Answers may come back out of order; only ever a newer one replaces what is shown.
 * `problem` says why the newest could not be drawn, while the last good one stays.
 */
export function useBodyPreview(content: string, postId: number | undefined) {
  const settled = useSettledValue(content, PREVIEW_WAIT_MS);
  const [shown, setShown] = useState<{ preview?: BodyPreview; problem?: string }>({});
  const gate = useRef(newestOnly());
  useEffect(() => {
    const ticket = gate.current.next();
    apiRequest("POST", BODY_PREVIEW_ENDPOINT, { content: settled, postId }).then(
      (answer) => {
        if (gate.current.accept(ticket)) setShown({ preview: bodyPreviewSchema.parse(answer) });
      },
      (error: unknown) => {
        const problem = readableError(error, "The preview could not be drawn.");
        if (gate.current.accept(ticket)) setShown((last) => ({ preview: last.preview, problem }));
      },
    );
  }, [settled, postId]);
  return shown;
}
