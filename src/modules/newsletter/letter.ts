/** One message of the newsletter, rendered. */
export interface Letter {
  to: string;
  subject: string;
  html: string;
  text: string;
  /**
   * The list it belongs to (List-Id, RFC 2919) and the address that takes the reader off it:
   * List-Unsubscribe (RFC 2369), to which a mail client may POST at once (RFC 8058).
   */
  list: { id: string; name: string; unsubscribeUrl: string };
}

/** What became of one message: the receiving server's reply, or where the outbox keeps it. */
export interface Delivery {
  messageId: string;
  response: string;
}
