import { NoAnswer } from "./mailer.server";

/**
 * What a refusal means for the copy: the address is gone, try later, this message will never
 * pass, the server is unreachable, or the server had the whole message and never answered.
 */
export type Refusal = "bounced" | "later" | "failed" | "unreachable" | "unknown";

/** Read nodemailer's error: the SMTP reply's code and the command it answered, if there was a reply at all. */
export function refusalOf(error: unknown): { kind: Refusal; response: string } {
  const {
    responseCode: code,
    command,
    response,
    message,
  } = error as {
    responseCode?: number;
    command?: string;
    response?: string;
    message?: string;
  };
  const said = (response ?? message ?? "No reply").slice(0, 500);
  if (error instanceof NoAnswer) return { kind: "unknown", response: said };
  if (code !== undefined && code >= 400 && code < 500) return { kind: "later", response: said };
  if (code !== undefined && code >= 500 && command?.startsWith("RCPT")) return { kind: "bounced", response: said };
  if (code !== undefined && code >= 500 && command === "DATA") return { kind: "failed", response: said };
  // No reply, or one refusing the sender itself (its sign-in, its From): the relay's
  // trouble, not the reader's. Counted towards pausing the issue.
  return { kind: "unreachable", response: said };
}
