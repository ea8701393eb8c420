import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import CallButton from "@/components/admin/CallButton";
import { apiRequest, readableError } from "@/lib/api-request";
import { toast } from "@/lib/toast";
import type { IssueJson } from "../newsletter-json";
import { askBeforeSending, overLimitReason } from "./over-limit";
import { whenShown } from "./when";

interface Props {
  /** Which list of the issue the item goes in. */
  field: "postIds" | "videoIds";
  itemId: number;
  noun: string;
}

type Sent = { issueId: number; sendAt: string };

/**
 * "Email this to subscribers", beside a published item: an issue of this item alone, sent
 * after the undo window, which Undo takes back until then. A third issue in a month asks
 * first, as the signup form promises one or two.
 */
export function EmailThis({ field, itemId, noun }: Props) {
  const [sent, setSent] = useState<Sent | null>(null);
  const [askAnyway, setAskAnyway] = useState<{ issueId: number; reason: string } | null>(null);
  const failed = (error: unknown) => {
    toast({
      title: "Not Sent",
      description: readableError(error, "The email could not be sent."),
      variant: "destructive",
    });
  };
  const sendIssue = async (issueId: number, overLimit: boolean): Promise<Sent> => {
    const { sendAt } = await apiRequest<{ sendAt: string }>(
      "POST",
      `/api/newsletter/issues/${String(issueId)}/send`,
      overLimit ? { overLimit } : {},
    );
    return { issueId, sendAt };
  };
  const start = useMutation({
    mutationFn: async () => {
      const issue = await apiRequest<IssueJson>("POST", "/api/newsletter/issues", { [field]: [itemId] });
      const ask = await askBeforeSending();
      if (ask !== null) {
        setAskAnyway({ issueId: issue.id, reason: ask });
        return null;
      }
      try {
        return await sendIssue(issue.id, false);
      } catch (error) {
        const reason = overLimitReason(error);
        if (reason === null) throw error;
        setAskAnyway({ issueId: issue.id, reason });
        return null;
      }
    },
    onSuccess: (done) => {
      if (done) setSent(done);
    },
    onError: failed,
  });
  const anyway = useMutation({
    mutationFn: (issueId: number) => sendIssue(issueId, true),
    onSuccess: (done) => {
      setAskAnyway(null);
      setSent(done);
    },
    onError: failed,
  });
  const undo = useMutation({
    mutationFn: (issueId: number) => apiRequest("POST", `/api/newsletter/issues/${String(issueId)}/cancel`),
    onSuccess: () => {
      setSent(null);
      toast({
        title: "Not Sent",
        description: "Nobody will get it. The email waits as a draft on the Newsletter screen.",
      });
    },
    onError: failed,
  });
  return (
    <details className="item-tool">
      <summary>Email to subscribers</summary>
      {sent ? (
        <div className="email-this" role="status">
          <p>
            Goes out at {whenShown(sent.sendAt)}.{" "}
            <a href={`/admin/newsletter?issue=${String(sent.issueId)}`}>Watch it go</a>
          </p>
          <CallButton
            pending={undo.isPending}
            onPress={() => {
              undo.mutate(sent.issueId);
            }}
          >
            Undo
          </CallButton>
        </div>
      ) : askAnyway ? (
        <div className="email-this" role="alert">
          <p>{askAnyway.reason}</p>
          <CallButton
            pending={anyway.isPending}
            onPress={() => {
              anyway.mutate(askAnyway.issueId);
            }}
          >
            Send this one anyway
          </CallButton>
          <a className="button button--quiet" href={`/admin/newsletter?issue=${String(askAnyway.issueId)}`}>
            Keep it as a draft
          </a>
        </div>
      ) : (
        <>
          <p className="meta">
            Sends this {noun} to every confirmed reader, with a few minutes to change your mind first.
          </p>
          <CallButton
            pending={start.isPending}
            onPress={() => {
              start.mutate();
            }}
          >
            Email this to subscribers
          </CallButton>
        </>
      )}
    </details>
  );
}
