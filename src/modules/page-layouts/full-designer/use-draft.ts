import { useRef, useState } from "react";
import type { Gesture } from "../layout-document";

let typingSessions = 0;

/**
 * A field over one value of the document. While the owner types, the field shows what they
 * typed (a refused value stays on screen with its reason); otherwise it shows the
 * document, which an undo or a drag may change under it. Each focus of the field is one
 * gesture, so a burst of typing is one undo step.
 */
export function useDraft(value: string) {
  const [draft, setDraft] = useState<string | null>(null);
  const [seen, setSeen] = useState(value);
  const focused = useRef(false);
  const session = useRef(`field-${++typingSessions}`);
  if (seen !== value) {
    setSeen(value);
    if (!focused.current) setDraft(null);
  }
  return {
    shown: draft ?? value,
    /** Keep what was typed; the gesture to pass along with the change it makes. */
    typed: (text: string): Gesture => {
      setDraft(text);
      return { id: session.current, at: Date.now() };
    },
    focus: () => {
      focused.current = true;
      session.current = `field-${++typingSessions}`;
    },
    /** Leaving the field shows the document again, unless what was typed was refused. */
    blur: (refused = false) => {
      focused.current = false;
      if (!refused) setDraft(null);
    },
  };
}
