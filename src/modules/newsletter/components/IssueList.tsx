import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import CallButton from "@/components/admin/CallButton";
import { apiRequest, readableError } from "@/lib/api-request";
import { toast } from "@/lib/toast";
import type { IssueJson } from "../newsletter-json";
import { ISSUE_STATUS_WORDS } from "./IssueDetail";
import { liveWhileUnderWay } from "./live-status";
import { whenShown } from "./when";

/**
 * The issues, newest first, each with where it stands; and the way to write the digest now.
 * With no SMTP server (`outbox`), a copy sent is a file written, and is called so.
 */
export function IssueList({ onOpen, outbox }: { onOpen: (id: number) => void; outbox: boolean }) {
  const client = useQueryClient();
  const issues = useQuery({
    queryKey: ["newsletter", "issues"],
    queryFn: ({ signal }) => apiRequest<IssueJson[]>("GET", "/api/newsletter/issues", undefined, signal),
    refetchInterval: (query) => liveWhileUnderWay(query.state.data?.map((issue) => issue.status)),
  });
  const digest = useMutation({
    mutationFn: () => apiRequest<IssueJson>("POST", "/api/newsletter/issues", {}),
    onSuccess: (issue) => {
      toast({ title: "Digest Written", description: "It is a draft: read it over, then send it." });
      void client.invalidateQueries({ queryKey: ["newsletter"] });
      onOpen(issue.id);
    },
    onError: (error) => {
      toast({
        title: "No Digest",
        description: readableError(error, "The digest could not be written."),
        variant: "destructive",
      });
    },
  });
  return (
    <div className="newsletter-issues">
      <p className="newsletter-issues__bar">
        <CallButton
          pending={digest.isPending}
          onPress={() => {
            digest.mutate();
          }}
        >
          Write the digest now
        </CallButton>
        <span className="meta">Of everything published since the last digest and not emailed yet.</span>
      </p>
      {issues.isError && <p role="alert">{readableError(issues.error, "The issues could not be loaded.")}</p>}
      {issues.data?.length === 0 && (
        <p className="empty">
          No issues yet. The first digest is written on your day of the month, if anything happened.
        </p>
      )}
      {issues.data && issues.data.length > 0 && (
        <ul className="newsletter-issues__list">
          {issues.data.map((issue) => (
            <li key={issue.id} className="card newsletter-issues__item">
              <button
                type="button"
                className="newsletter-issues__open"
                onClick={() => {
                  onOpen(issue.id);
                }}
              >
                {issue.subject}
              </button>
              <p className="meta">
                <span className={`badge newsletter-status newsletter-status--${issue.status}`}>
                  {ISSUE_STATUS_WORDS[issue.status]}
                </span>{" "}
                {issue.digest ? "Digest" : "Single item"} · written {whenShown(issue.createdAt)}
                {issue.counts.total > 0 &&
                  ` · ${String(issue.counts.sent)} of ${String(issue.counts.total)} ${outbox ? "written to the outbox" : "delivered"}`}
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
