import { useEffect, useRef } from "react";
import { toast } from "@/lib/toast";

/** The codes as a text file's address: who and where they are for, then one code a line. */
function codesFile(codes: string[], username: string): string {
  const lines = [
    `Recovery codes for ${username} at ${window.location.host}`,
    "Each one works once, in place of a passkey or an authenticator code.",
    "",
    ...codes,
    "",
  ];
  return `data:text/plain;charset=utf-8,${encodeURIComponent(lines.join("\n"))}`;
}

/**
 * New recovery codes, shown this once: the server keeps only their hashes. Copy or
 * download them, then say they are saved to close the panel.
 */
export function RecoveryCodesPanel({
  codes,
  username,
  onClose,
}: {
  codes: string[];
  username: string;
  onClose: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The panel opens at the top of the page, whichever card made the codes: it is brought
  // into view, and the focus with it, so the codes are not missed.
  useEffect(() => {
    heading.current?.focus();
    heading.current?.scrollIntoView({ block: "start" });
  }, [codes]);
  return (
    <section className="card account-section account-codes" aria-labelledby="account-codes">
      <h2 id="account-codes" ref={heading} tabIndex={-1}>
        Your new recovery codes
      </h2>
      <p>
        This is the only time they are shown. Keep them somewhere that is not this site: a password manager, or a drawer
        you will remember.
      </p>
      <ol className="account-codes__list" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="form-actions">
        <button
          className="button button--quiet"
          type="button"
          onClick={() => {
            navigator.clipboard.writeText(codes.join("\n")).then(
              () => {
                toast({ title: "Copied", description: "The codes are on the clipboard." });
              },
              () => {
                toast({
                  title: "Error",
                  description: "The browser would not copy them. Download them instead.",
                  variant: "destructive",
                });
              },
            );
          }}
        >
          Copy
        </button>
        <a
          className="button button--quiet"
          href={codesFile(codes, username)}
          download={`recovery-codes-${window.location.hostname}.txt`}
        >
          Download .txt
        </a>
        <button className="button" type="button" onClick={onClose}>
          I have saved them
        </button>
      </div>
    </section>
  );
}
