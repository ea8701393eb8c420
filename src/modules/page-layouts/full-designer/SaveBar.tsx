import type { MouseEvent } from "react";
import { publishState } from "../publish-state";
import type { LayoutSaving } from "../use-layout-saving";

interface Props {
  pageName: string;
  saving: LayoutSaving;
  unsaved: boolean;
  empty: boolean;
  /** Close was chosen: cancel the event to stay. */
  onClose: (event: MouseEvent<HTMLAnchorElement>) => void;
}

/** Where saving stands, in the words of the status line. */
function saveStatus({ status, layout }: LayoutSaving, unsaved: boolean, empty: boolean): string {
  if (status === "saving") return "Saving…";
  if (status === "conflict") return "Unsaved changes: someone else saved first";
  if (status === "failed") return "Save failed";
  if (unsaved) return layout ? "Unsaved changes" : "Unsaved changes: save once to start saving automatically";
  if (!layout && empty) return "Nothing saved yet";
  return "Saved";
}

/** The designer's heading and what it does with the layout: status, save, publish, close, and a conflict's choice. */
export default function SaveBar({ pageName, saving, unsaved, empty, onClose }: Props) {
  const { layout, status } = saving;
  const published = layout?.publishedVersionId != null;
  return (
    <>
      <div className="designer-bar">
        <div className="designer-bar__title">
          <h1>Layout designer</h1>
          <p className="designer-bar__meta">
            Page: <strong>{pageName}</strong> · <span role="status">{saveStatus(saving, unsaved, empty)}</span>
          </p>
          <p className="designer-bar__meta">{publishState(layout, unsaved)}</p>
        </div>
        <div className="designer-bar__actions">
          <button
            className="button designer-button"
            type="button"
            disabled={status === "saving"}
            aria-keyshortcuts="Control+S Meta+S"
            onClick={() => void saving.saveNow()}
          >
            Save
          </button>
          <button
            className="button button--quiet designer-button"
            type="button"
            disabled={status === "saving" || (empty && !layout)}
            onClick={() => void saving.publish()}
          >
            Publish
          </button>
          {published && (
            <button
              className="button button--quiet designer-button"
              type="button"
              disabled={status === "saving"}
              onClick={() => void saving.unpublish()}
            >
              Unpublish
            </button>
          )}
          <a className="button button--quiet designer-button" href="/admin" onClick={onClose}>
            Close
          </a>
        </div>
      </div>
      {status === "conflict" && (
        <div className="designer-conflict" role="alert">
          <p>Someone else saved this layout since you opened it.</p>
          <div className="designer-conflict__actions">
            <button className="button designer-button" type="button" onClick={() => void saving.reload()}>
              Load their version
            </button>
            <button
              className="button button--quiet designer-button"
              type="button"
              onClick={() => void saving.overwrite()}
            >
              Keep mine
            </button>
          </div>
        </div>
      )}
    </>
  );
}
