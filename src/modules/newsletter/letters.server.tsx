import type { ReactElement } from "react";
import type { Letter } from "./letter";
import type { IssueEmailProps } from "./emails/IssueEmail";

// React Email's renderer (with its HTML-to-text converter) and the letters' templates load
// with the first letter: a site worker checks for confirmations and issues due every minute,
// and most minutes, on most sites, there is none to write.

/**
 * A link in the plain text is written `<url>` (RFC 3986, appendix C), so a mail program that
 * finds a link by itself stops at the bracket and never takes the punctuation after it.
 */
const PLAIN_LINKS = { selectors: [{ selector: "a", options: { linkBrackets: ["<", ">"] as [string, string] } }] };

/** A message's subject and its two parts, HTML and the plain text made from it. */
async function rendered(subject: string, email: ReactElement): Promise<Pick<Letter, "subject" | "html" | "text">> {
  const { render } = await import("@react-email/render");
  const [html, text] = await Promise.all([
    render(email),
    render(email, { plainText: true, htmlToTextOptions: PLAIN_LINKS }),
  ]);
  return { subject, html, text };
}

/** The newsletter's list, as its messages name it (List-Id), with the address that leaves it. */
export function listOf(siteUrl: string, siteName: string, unsubscribeUrl: string): Letter["list"] {
  return { id: `newsletter.${new URL(siteUrl).hostname}`, name: siteName, unsubscribeUrl };
}

/** The message asking a new reader to confirm. */
export async function confirmationLetter(props: { siteName: string; confirmUrl: string; unsubscribeUrl: string }) {
  const { ConfirmationEmail } = await import("./emails/ConfirmationEmail");
  return rendered(`Confirm your subscription to ${props.siteName}`, <ConfirmationEmail {...props} />);
}

/** An issue of the newsletter, for one reader (the unsubscribe link is theirs). */
export async function issueLetter(props: IssueEmailProps) {
  const { IssueEmail } = await import("./emails/IssueEmail");
  return rendered(props.subject, <IssueEmail {...props} />);
}
