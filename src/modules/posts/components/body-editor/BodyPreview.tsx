import { useEffect, useRef, useState } from "react";
import { BODY_PREVIEW_FRAME } from "../../body-preview-schema";

/**
 * The body as its page will show it, in a frame of the site's own page (`BODY_PREVIEW_FRAME`)
 * so the site's stylesheet and its widths (the sidenotes' margin from 1100 px) apply to the
 * frame's width. The frame runs no script (sandboxed); the HTML the server drew is put in its
 * body. It is not announced as it changes, and is no Tab stop: the Markdown is the field.
 */
export function BodyPreview({ html }: { html: string | undefined }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    const body = frame.current?.contentDocument?.querySelector(".post__content");
    if (loaded && body && html !== undefined) body.innerHTML = html;
  }, [html, loaded]);
  return (
    <iframe
      ref={frame}
      className="body-field__preview"
      title="Preview"
      src={BODY_PREVIEW_FRAME}
      sandbox="allow-same-origin"
      tabIndex={-1}
      onLoad={() => {
        setLoaded(true);
      }}
    />
  );
}
