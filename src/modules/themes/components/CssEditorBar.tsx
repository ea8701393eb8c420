import { UndoRedoButtons } from "@/components/admin/UndoRedoButtons";
import type { History } from "@/lib/history";

interface Props {
  unsaved: boolean;
  /** The validator's verdicts on the draft, once it has given them. */
  problemCount: number | null;
  history: History<string>;
  onStep: (step: "undo" | "redo") => void;
  onPreviewSite: () => void;
}

/** The editor's title, where the draft stands, and its undo, redo and site preview. */
export default function CssEditorBar({ unsaved, problemCount, history, onStep, onPreviewSite }: Props) {
  return (
    <div className="css-editor__bar">
      <div>
        <h1>CSS Style Editor</h1>
        <p className="css-editor__status" role="status">
          {unsaved ? "Unsaved changes" : "All changes saved"}
          {problemCount !== null && problemCount > 0 && ` · ${problemCount} problem${problemCount === 1 ? "" : "s"}`}
        </p>
      </div>
      <div className="css-editor__actions">
        <UndoRedoButtons history={history} onStep={onStep} />
        <button className="button button--quiet" type="button" onClick={onPreviewSite}>
          Preview Site
        </button>
      </div>
    </div>
  );
}
