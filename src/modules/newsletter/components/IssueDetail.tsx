import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import CallButton from "@/components/admin/CallButton";
import { apiRequest, readableError } from "@/lib/api-request";
import { toast } from "@/lib/toast";
import type { IssueLedgerJson, LetterPreview } from "../newsletter-json";
import { DELIVERY_WORDS, resendQuestion } from "./delivery-words";
import { LetterFrame } from "./LetterFrame";
import { liveWhileUnderWay } from "./live-status";
import { askBeforeSending, overLimitReason } from "./over-limit";
import { whenShown } from "./when";

const LEDGER_PAGE = 100;

export const ISSUE_STATUS_WORDS = {
  draft: "Draft",
  scheduled: "Sending soon",
  sending: "Sending",
  paused: "Paused",
  sent: "Sent",
} as const;

function failed(title: string, fallback: string) {
  return (error: unknown) => {
    toast({ title, description: readableError(error, fallback), variant: "destructive" });
  };
}

/** A call on an issue with no body, which says what it did and reads the screen again. */
function useIssueAction(id: number, path: string, title: string, description: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest("POST", `/api/newsletter/issues/${String(id)}/${path}`),
    onSuccess: () => {
      toast({ title, description });
      void client.invalidateQueries({ queryKey: ["newsletter"] });
    },
    onError: failed("Error", "That did not work. Try again."),
  });
}

/** One issue: what it says, where its sending stands, the reader-by-reader ledger, and what can be done next. */
export function IssueDetail({ id, onClose }: { id: number; onClose: () => void }) {
  const client = useQueryClient();
  const [overLimit, setOverLimit] = useState<string | null>(null);
  const ledger = useQuery({
    queryKey: ["newsletter", "issue", id],
    queryFn: ({ signal }) =>
      apiRequest<IssueLedgerJson>(
        "GET",
        `/api/newsletter/issues/${String(id)}?limit=${String(LEDGER_PAGE)}`,
        undefined,
        signal,
      ),
    refetchInterval: (query) => liveWhileUnderWay(query.state.data && [query.state.data.status]),
  });
  const preview = useQuery({
    queryKey: ["newsletter", "issue", id, "preview"],
    queryFn: ({ signal }) =>
      apiRequest<LetterPreview>("GET", `/api/newsletter/issues/${String(id)}/preview`, undefined, signal),
  });
  const refresh = () => client.invalidateQueries({ queryKey: ["newsletter"] });
  const send = useMutation({
    /** Sends, or resolves why the owner is asked first. */
    mutationFn: async (anyway: boolean): Promise<string | null> => {
      const ask = anyway ? null : await askBeforeSending();
      if (ask === null) {
        await apiRequest("POST", `/api/newsletter/issues/${String(id)}/send`, anyway ? { overLimit: true } : {});
      }
      return ask;
    },
    onSuccess: (ask) => {
      setOverLimit(ask);
      if (ask !== null) return;
      toast({
        title: "Sending Soon",
        description: "It goes out when the undo window closes. Cancel stops it until then.",
      });
      void refresh();
    },
    onError: (error) => {
      const reason = overLimitReason(error);
      if (reason === null) failed("Not Sent", "The issue could not be sent.")(error);
      else setOverLimit(reason);
    },
  });
  const cancel = useIssueAction(id, "cancel", "Cancelled", "Nothing was sent. The issue is a draft again.");
  const resume = useIssueAction(id, "resume", "Resumed", "Sending goes on where it stopped.");
  const resend = useIssueAction(id, "resend", "Sending Again", "Only readers who did not get it are tried again.");
  const remove = useMutation({
    mutationFn: () => apiRequest("DELETE", `/api/newsletter/issues/${String(id)}`),
    onSuccess: () => {
      toast({ title: "Draft Deleted", description: "It was never sent, and now never will be." });
      onClose();
      void refresh();
    },
    onError: failed("Error", "The draft could not be deleted."),
  });

  const issue = ledger.data;
  if (ledger.isError) return <p role="alert">{readableError(ledger.error, "This issue could not be loaded.")}</p>;
  if (!issue) return <p className="meta">Loading the issue...</p>;
  const { counts } = issue;
  const undelivered = counts.failed + counts.unknown;
  return (
    <section className="newsletter-issue" aria-labelledby="newsletter-issue-title">
      <header className="newsletter-issue__header">
        <div>
          <h2 id="newsletter-issue-title">{issue.subject}</h2>
          <p className="meta">
            <span className={`badge newsletter-status newsletter-status--${issue.status}`}>
              {ISSUE_STATUS_WORDS[issue.status]}
            </span>{" "}
            {issue.status === "scheduled" && `Goes out at ${whenShown(issue.sendAt)}.`}
            {issue.status === "sent" && `Finished ${whenShown(issue.finishedAt)}.`}
            {issue.status === "paused" && `Stopped: ${issue.pausedReason ?? "the mail server failed"}.`}
          </p>
        </div>
        <button type="button" className="button button--quiet" onClick={onClose}>
          Back to issues
        </button>
      </header>

      <div className="newsletter-issue__actions">
        {issue.status === "draft" && (
          <>
            <CallButton
              pending={send.isPending}
              onPress={() => {
                send.mutate(false);
              }}
            >
              Send to subscribers
            </CallButton>
            <CallButton
              pending={remove.isPending}
              quiet
              onPress={() => {
                remove.mutate();
              }}
            >
              Delete draft
            </CallButton>
          </>
        )}
        {issue.status === "scheduled" && (
          <CallButton
            pending={cancel.isPending}
            onPress={() => {
              cancel.mutate();
            }}
          >
            Cancel sending
          </CallButton>
        )}
        {issue.status === "paused" && (
          <CallButton
            pending={resume.isPending}
            onPress={() => {
              resume.mutate();
            }}
          >
            Resume sending
          </CallButton>
        )}
        {issue.status === "sent" && undelivered > 0 && (
          <CallButton
            pending={resend.isPending}
            onPress={() => {
              if (window.confirm(resendQuestion(counts))) resend.mutate();
            }}
          >
            Send to those who did not get it ({undelivered})
          </CallButton>
        )}
      </div>
      {overLimit && (
        <div className="newsletter-issue__warning" role="alert">
          <p>{overLimit}</p>
          <CallButton
            pending={send.isPending}
            onPress={() => {
              send.mutate(true);
            }}
          >
            Send this one anyway
          </CallButton>
          <button
            type="button"
            className="button button--quiet"
            onClick={() => {
              setOverLimit(null);
            }}
          >
            Keep the promise
          </button>
        </div>
      )}

      {counts.total > 0 && (
        <>
          <dl className="newsletter-counts" aria-label="Delivery">
            {(["sent", "pending", "retrying", "bounced", "failed", "unknown"] as const).map((status) => (
              <div key={status}>
                <dt>{DELIVERY_WORDS[status]}</dt>
                <dd>{counts[status]}</dd>
              </div>
            ))}
          </dl>
          {counts.unknown > 0 && (
            <p className="meta">
              {counts.unknown === 1 ? "1 copy" : `${String(counts.unknown)} copies`} may have arrived: the mail server
              was handed the whole message but never answered. None is sent again unless you choose "Send to those who
              did not get it".
            </p>
          )}
          <div className="newsletter-table-wrap">
            <table className="newsletter-table">
              <caption className="visually-hidden">Delivery to each reader</caption>
              <thead>
                <tr>
                  <th scope="col">Reader</th>
                  <th scope="col">Delivery</th>
                  <th scope="col">Tries</th>
                  <th scope="col">Their server said</th>
                </tr>
              </thead>
              <tbody>
                {issue.deliveries.items.map((delivery) => (
                  <tr key={delivery.id}>
                    <td className="newsletter-table__email">{delivery.email}</td>
                    <td>
                      <span className={`badge newsletter-status newsletter-status--${delivery.status}`}>
                        {DELIVERY_WORDS[delivery.status]}
                      </span>
                      {delivery.status === "retrying" && delivery.nextAttemptAt && (
                        <span className="meta"> again {whenShown(delivery.nextAttemptAt)}</span>
                      )}
                    </td>
                    <td>{delivery.attempts}</td>
                    <td className="newsletter-table__response">{delivery.response ?? ""}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {issue.deliveries.total > issue.deliveries.items.length && (
            <p className="meta">
              The first {issue.deliveries.items.length} of {issue.deliveries.total} readers are shown.
            </p>
          )}
        </>
      )}

      <h3>As readers see it</h3>
      {preview.data ? (
        preview.data.items.length === 0 ? (
          <p>None of this issue's posts or videos is published any more, so there is nothing to send.</p>
        ) : (
          <LetterFrame
            src={`/api/newsletter/issues/${String(id)}/preview.html`}
            title={`Preview of ${issue.subject}`}
          />
        )
      ) : (
        <p className="meta">Loading the preview...</p>
      )}
    </section>
  );
}
