import { useEffect, useRef } from "react";
import { whenText } from "@/lib/format";

interface Choice {
  label: string;
  onChoose: () => void;
}

/** A question about autosaved work at the top of the dialog, with a button per answer, the first the main one. */
function AutosaveQuestion({
  name,
  text,
  choices,
  ask,
}: {
  name: string;
  text: string;
  choices: Choice[];
  ask?: boolean;
}) {
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!ask) return;
    first.current?.focus();
    first.current?.scrollIntoView({ block: "nearest" });
  }, [ask]);
  return (
    <section className="autosave-choice" role={ask ? "alertdialog" : undefined} aria-label={name}>
      <p>{text}</p>
      <p className="autosave-choice__actions">
        {choices.map((choice, index) => (
          <button
            key={choice.label}
            ref={index === 0 ? first : undefined}
            type="button"
            className={index === 0 ? "button" : "button button--quiet"}
            onClick={choice.onChoose}
          >
            {choice.label}
          </button>
        ))}
      </p>
    </section>
  );
}

/** Opening an item whose autosave was never saved: continue that work, or throw it away. */
export function AutosaveNotice(props: { savedAt: string; onContinue: () => void; onDiscard: () => void }) {
  return (
    <AutosaveQuestion
      name="Autosaved work"
      text={`You left autosaved changes here on ${whenText(props.savedAt)}. They were never saved.`}
      choices={[
        { label: "Continue them", onChoose: props.onContinue },
        { label: "Discard them", onChoose: props.onDiscard },
      ]}
    />
  );
}

/** Opening a new item's form with work a form no longer open kept in this browser: continue it, or throw it away. */
export function KeptWorkNotice(props: { noun: string; savedAt: Date; onContinue: () => void; onDiscard: () => void }) {
  return (
    <AutosaveQuestion
      name="Unsaved work"
      text={`You left a new ${props.noun} here on ${whenText(props.savedAt.toISOString())}, kept in this browser. It was never saved.`}
      choices={[
        { label: "Continue it", onChoose: props.onContinue },
        { label: "Discard it", onChoose: props.onDiscard },
      ]}
    />
  );
}

/**
 * Closing a dialog whose work is autosaved but not saved: keep it for next time, discard it,
 * or go back to it. Takes the focus, as a question should.
 */
export function CloseChoice(props: { onKeep: () => void; onDiscard: () => void; onStay: () => void }) {
  return (
    <AutosaveQuestion
      name="Keep your autosaved changes?"
      text="Your changes are autosaved, not saved: visitors do not see them. Keep them for next time?"
      choices={[
        { label: "Keep for later", onChoose: props.onKeep },
        { label: "Discard changes", onChoose: props.onDiscard },
        { label: "Keep editing", onChoose: props.onStay },
      ]}
      ask
    />
  );
}
