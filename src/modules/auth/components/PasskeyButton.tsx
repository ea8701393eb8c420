import type { PasskeySignIn } from "./use-passkey-sign-in";

const WORDS = { passkey: "Waiting for your passkey...", site: "Signing in..." } as const;

/**
 * A passkey sign-in's button, shown only where the browser has passkeys. It stays pressable
 * while the browser's prompt is open: pressing it again starts afresh, should the prompt
 * have gone astray (a security key never touched).
 */
export function PasskeyButton({ passkey, label }: { passkey: PasskeySignIn; label: string }) {
  if (!passkey.supported) return null;
  return (
    <button
      className="button button--quiet"
      type="button"
      disabled={passkey.waiting === "site"}
      // Pressing it leaves the focus where it was: a field left empty would otherwise say
      // so on blur, pushing this button down between press and release, and the click
      // would land on nothing.
      onMouseDown={(event) => {
        event.preventDefault();
      }}
      onClick={passkey.start}
    >
      {passkey.waiting ? WORDS[passkey.waiting] : label}
    </button>
  );
}
