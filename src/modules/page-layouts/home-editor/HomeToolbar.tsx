import type { Dispatch } from "react";
import { UndoRedoButtons } from "@/components/admin/UndoRedoButtons";
import type { LayoutAction, LayoutEditor } from "../layout-document";
import { publishState } from "../publish-state";
import type { LayoutElement } from "../schema";
import type { LayoutSaving, SaveStatus } from "../use-layout-saving";

const STATUS_TEXT: Record<SaveStatus, string> = {
  idle: "",
  saving: "Saving…",
  saved: "Saved",
  failed: "Save failed",
  conflict: "Someone else saved this layout",
};

const PALETTE = [
  { type: "text", label: "Add Text" },
  { type: "image", label: "Add Image" },
  { type: "button", label: "Add Button" },
] as const;

interface Props {
  editor: LayoutEditor;
  selected: LayoutElement | null;
  dispatch: Dispatch<LayoutAction>;
  saving: LayoutSaving;
  unsaved: boolean;
  /** The id of the history section the History button shows and hides. */
  historyId: string;
  historyOpen: boolean;
  onToggleHistory: () => void;
  onExit: () => void;
  /** Gives the keyboard back to the canvas. */
  keepFocus: () => void;
}

/** What the save is doing, or that there is work not saved yet. */
function statusText(saving: LayoutSaving, unsaved: boolean): string {
  if (!unsaved || saving.status === "saving" || saving.status === "conflict") return STATUS_TEXT[saving.status];
  return saving.layout ? "Unsaved changes" : "Unsaved changes: save once to start saving automatically";
}

/** The home editor's commands, with where the layout stands: saved or not, and what visitors see. */
export default function HomeToolbar(props: Props) {
  const { editor, selected, dispatch, saving, unsaved, historyOpen } = props;
  return (
    <div className="home-editor__toolbar" role="toolbar" aria-label="Home layout">
      <button type="button" className="button" aria-pressed={true} onClick={props.onExit}>
        Exit Edit
      </button>
      {PALETTE.map(({ type, label }) => (
        <button
          key={type}
          type="button"
          className="button button--quiet"
          onClick={() => {
            dispatch({ type: "add", elementType: type, preset: "home" });
          }}
        >
          {label}
        </button>
      ))}
      {(["duplicate", "delete"] as const).map((command) => (
        <button
          key={command}
          type="button"
          className="button button--quiet"
          disabled={!selected}
          onClick={() => {
            if (selected) dispatch({ type: command, id: selected.id });
            // Delete's button is disabled once nothing is selected: the canvas keeps the keyboard.
            if (command === "delete") props.keepFocus();
          }}
        >
          {command === "duplicate" ? "Duplicate" : "Delete"}
        </button>
      ))}
      <UndoRedoButtons
        history={editor.history}
        onStep={(step) => {
          dispatch({ type: step });
        }}
      />
      <button
        type="button"
        className="button"
        disabled={saving.status === "saving"}
        onClick={() => void saving.saveNow()}
      >
        Save
      </button>
      <button
        type="button"
        className="button"
        disabled={editor.history.present.length === 0}
        onClick={() => void saving.publish()}
      >
        Publish
      </button>
      {saving.layout?.publishedVersionNumber != null && (
        <button type="button" className="button button--quiet" onClick={() => void saving.unpublish()}>
          Unpublish
        </button>
      )}
      <button
        type="button"
        className="button button--quiet"
        aria-expanded={historyOpen}
        aria-controls={props.historyId}
        onClick={props.onToggleHistory}
      >
        History
      </button>
      <p className="home-editor__status">
        <span role="status">{statusText(saving, unsaved)}</span>
        <span>{publishState(saving.layout, unsaved)}</span>
      </p>
    </div>
  );
}
