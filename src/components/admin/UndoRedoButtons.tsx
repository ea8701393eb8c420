import { canRedo, canUndo, type History } from "@/lib/history";

const STEPS = [
  { step: "undo", label: "Undo", possible: canUndo },
  { step: "redo", label: "Redo", possible: canRedo },
] as const;

interface Props {
  history: History<unknown>;
  onStep: (step: "undo" | "redo") => void;
}

/** Undo and Redo for an editor's toolbar, each disabled while the history has no step that way. */
export function UndoRedoButtons({ history, onStep }: Props) {
  return STEPS.map(({ step, label, possible }) => (
    <button
      key={step}
      type="button"
      className="button button--quiet"
      disabled={!possible(history)}
      onClick={() => {
        onStep(step);
      }}
    >
      {label}
    </button>
  ));
}
