import { ELEMENT_TYPES, type ElementType } from "../schema";
import { TYPE_NAMES } from "../element-description";

export type DesignerMode = "design" | "preview";

/** How large the canvas can be drawn: its own size, larger, or smaller to see all of its width at once. */
export const ZOOMS = [1.25, 1, 0.75, 0.5] as const;

/** A zoom, or "fit": as large as lets the canvas's whole width show. */
export type ZoomChoice = number | "fit";

interface Props {
  mode: DesignerMode;
  grid: boolean;
  zoom: ZoomChoice;
  /** The zoom "fit" stands for now. */
  fitZoom: number;
  versionsOpen: boolean;
  versionsId: string;
  canUndo: boolean;
  canRedo: boolean;
  /** No more elements fit in one layout. */
  full: boolean;
  onAdd: (type: ElementType) => void;
  onUndo: () => void;
  onRedo: () => void;
  onGrid: (on: boolean) => void;
  onZoom: (zoom: ZoomChoice) => void;
  onMode: (mode: DesignerMode) => void;
  onVersions: (open: boolean) => void;
}

/** The palette and the canvas's switches: what to add, undo and redo, the grid, the mode and the history. */
export default function DesignerToolbar(props: Props) {
  const design = props.mode === "design";
  return (
    <div className="designer-tools">
      <div className="designer-tools__group" role="group" aria-label="Add an element">
        {ELEMENT_TYPES.map((type) => (
          <button
            key={type}
            className="button button--quiet designer-button"
            type="button"
            disabled={!design || props.full}
            onClick={() => {
              props.onAdd(type);
            }}
          >
            <span aria-hidden="true">+</span>
            <span className="visually-hidden">Add </span>
            {TYPE_NAMES[type]}
          </button>
        ))}
      </div>
      <div className="designer-tools__group" role="group" aria-label="History">
        <button
          className="button button--quiet designer-button"
          type="button"
          disabled={!props.canUndo}
          aria-keyshortcuts="Control+Z Meta+Z"
          onClick={props.onUndo}
        >
          Undo
        </button>
        <button
          className="button button--quiet designer-button"
          type="button"
          disabled={!props.canRedo}
          aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z Control+Y"
          onClick={props.onRedo}
        >
          Redo
        </button>
      </div>
      <div className="designer-tools__group">
        <button
          className="button button--quiet designer-button"
          type="button"
          aria-pressed={props.grid}
          disabled={!design}
          onClick={() => {
            props.onGrid(!props.grid);
          }}
        >
          Grid
        </button>
        <label className="designer-tools__zoom">
          Zoom
          <select
            value={String(props.zoom)}
            onChange={(event) => {
              const { value } = event.target;
              props.onZoom(value === "fit" ? "fit" : Number(value));
            }}
          >
            <option value="fit">Fit width ({Math.round(props.fitZoom * 100)}%)</option>
            {ZOOMS.map((zoom) => (
              <option key={zoom} value={String(zoom)}>
                {zoom * 100}%
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="designer-tools__group" role="group" aria-label="Mode">
        {(["design", "preview"] as const).map((mode) => (
          <button
            key={mode}
            className="button button--quiet designer-button"
            type="button"
            aria-pressed={props.mode === mode}
            onClick={() => {
              props.onMode(mode);
            }}
          >
            {mode === "design" ? "Design" : "Preview"}
          </button>
        ))}
      </div>
      <div className="designer-tools__group">
        <button
          className="button button--quiet designer-button"
          type="button"
          aria-expanded={props.versionsOpen}
          aria-controls={props.versionsId}
          onClick={() => {
            props.onVersions(!props.versionsOpen);
          }}
        >
          Versions
        </button>
      </div>
    </div>
  );
}
