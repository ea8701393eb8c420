import { lazy, Suspense } from "react";
import { FieldError } from "@/components/admin/FormControls";
import { countOf } from "@/lib/format";
import { BodyPreview } from "./BodyPreview";
import { useBodyPreview } from "./use-body-preview";
import "./body-editor.css";

// CodeMirror is most of the editor's weight: it loads as the post dialog opens, not with the page.
const MarkdownEditor = lazy(() => import("./MarkdownEditor"));

/**
 * A post's Content field: its Markdown in an editor, the body as its page will show it
 * beside it (below it on a narrow screen), and the words and minutes the page will say.
 */
export function BodyField({
  id,
  value,
  error,
  postId,
  onChange,
}: {
  id: string;
  value: string;
  error?: string;
  /** The post's id once saved: the preview's ids are then the page's. */
  postId?: number;
  onChange: (markdown: string) => void;
}) {
  const { preview, problem } = useBodyPreview(value, postId);
  return (
    <div className="field body-field">
      {/* The editor is named by its own aria-label: a <label> cannot reach into its shadow root. */}
      <span className="body-field__label" id={`${id}-label`}>
        Content
      </span>
      <div className="body-field__panes">
        <Suspense fallback={<p className="body-field__loading">Loading the editor...</p>}>
          <MarkdownEditor label="Content" value={value} invalid={Boolean(error)} onChange={onChange} />
        </Suspense>
        <div className="body-field__preview-pane">
          <BodyPreview html={preview?.html} />
          {problem && <p className="body-field__stale">Preview not updated: {problem}</p>}
        </div>
      </div>
      <FieldError message={error} />
      <p className="meta body-field__counts">
        {preview ? `${countOf(preview.words, "word")}, ${String(preview.readTime)} min read` : "Counting words..."}
      </p>
    </div>
  );
}
