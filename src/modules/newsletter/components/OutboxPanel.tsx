import { useQuery } from "@tanstack/react-query";
import { apiRequest, readableError } from "@/lib/api-request";
import type { OutboxJson } from "../newsletter-json";
import { LetterFrame } from "./LetterFrame";
import { whenShown } from "./when";

/** What would have been mailed, with no SMTP server set: each message, opened as a reader would see it. */
export function OutboxPanel() {
  const outbox = useQuery({
    queryKey: ["newsletter", "outbox"],
    queryFn: ({ signal }) => apiRequest<OutboxJson>("GET", "/api/newsletter/outbox", undefined, signal),
  });
  if (outbox.isError) return <p role="alert">{readableError(outbox.error, "The outbox could not be loaded.")}</p>;
  if (!outbox.data) return <p className="meta">Loading the outbox...</p>;
  const { messages, total } = outbox.data;
  return (
    <div className="newsletter-outbox">
      <p className="meta">
        No SMTP server is set, so nothing leaves this machine: every message is kept here instead. Set SMTP_URL to send
        for real.
      </p>
      {messages.length === 0 && <p className="empty">The outbox is empty. Nothing has been sent, or not sent.</p>}
      {total > messages.length && (
        <p className="meta">
          The newest {messages.length} of {total} messages.
        </p>
      )}
      <ul className="newsletter-outbox__list">
        {messages.map((message) => (
          <li key={message.file} className="card newsletter-outbox__item">
            <details>
              <summary>
                <strong>{message.subject}</strong>
                <span className="meta">
                  {" "}
                  to {message.to} · {whenShown(message.date)}
                </span>
              </summary>
              {message.listUnsubscribe && (
                <p className="meta newsletter-outbox__header">List-Unsubscribe: {message.listUnsubscribe}</p>
              )}
              <LetterFrame
                src={`/api/newsletter/outbox/${encodeURIComponent(message.file)}`}
                title={`The message ${message.subject} to ${message.to}`}
              />
            </details>
          </li>
        ))}
      </ul>
    </div>
  );
}
