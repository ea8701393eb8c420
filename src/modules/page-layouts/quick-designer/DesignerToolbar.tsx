import { canRedo, canUndo, type History } from "@/lib/history";

interface ToolbarProps {
  history: History<unknown>;
  empty: boolean;
  grid: boolean;
  codeOpen: boolean;
  /** The id of the code panel the Code button shows and hides. */
  codeId: string;
  onStep: (step: "undo" | "redo") => void;
  onGrid: () => void;
  onCode: () => void;
  onClear: () => void;
}

/** The designer's bar: Undo and Redo, the Grid and Code toggles, and Clear All. */
export function DesignerToolbar({ history, empty, grid, codeOpen, codeId, ...on }: ToolbarProps) {
  return (
    <div className="quick-designer__toolbar">
      {(["undo", "redo"] as const).map((step) => (
        <button
          key={step}
          className="button button--quiet"
          type="button"
          disabled={!(step === "undo" ? canUndo : canRedo)(history)}
          onClick={() => {
            on.onStep(step);
          }}
        >
          {step === "undo" ? "Undo" : "Redo"}
        </button>
      ))}
      <button className="button button--quiet" type="button" aria-pressed={grid} onClick={on.onGrid}>
        Grid
      </button>
      <button
        className="button button--quiet"
        type="button"
        aria-expanded={codeOpen}
        aria-controls={codeId}
        onClick={on.onCode}
      >
        Code
      </button>
      <button
        className="button button--quiet quick-designer__clear"
        type="button"
        disabled={empty}
        onClick={on.onClear}
      >
        Clear All
      </button>
    </div>
  );
}
