import type { ReactNode } from "react";

interface Props {
  /** The call is under way: the button waits, so a second press sends nothing. */
  pending: boolean;
  onPress: () => void;
  quiet?: boolean;
  children: ReactNode;
}

/** A button that starts one call (a mutation), disabled while that call runs. */
export default function CallButton({ pending, onPress, quiet = false, children }: Props) {
  return (
    <button type="button" className={quiet ? "button button--quiet" : "button"} disabled={pending} onClick={onPress}>
      {children}
    </button>
  );
}
