import { QueryClientProvider, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { TabList } from "@/components/admin/TabList";
import { apiRequest } from "@/lib/api-request";
import { getQueryClient } from "@/lib/query-client";
import { DigestPanel } from "../components/DigestPanel";
import { IssueDetail } from "../components/IssueDetail";
import { IssueList } from "../components/IssueList";
import { OutboxPanel } from "../components/OutboxPanel";
import { SubscriberList } from "../components/SubscriberList";
import { heldText } from "../held-confirmations";
import type { ReaderCountsJson } from "../newsletter-json";
import "./newsletter-admin.css";

type Tab = "issues" | "subscribers" | "digest" | "outbox";

const COUNTED = [
  ["active", "Reading"],
  ["pending", "Not yet confirmed"],
  ["unsubscribed", "Left"],
  ["bounced", "Bounced"],
] as const;

function Counts() {
  const counts = useQuery({
    queryKey: ["newsletter", "counts"],
    queryFn: ({ signal }) =>
      apiRequest<ReaderCountsJson>("GET", "/api/newsletter/subscribers/counts", undefined, signal),
  });
  const held = counts.data?.heldConfirmations ?? 0;
  return (
    <>
      <dl className="newsletter-counts" aria-label="Subscribers">
        {COUNTED.map(([status, label]) => (
          <div key={status}>
            <dt>{label}</dt>
            <dd>{counts.data ? counts.data[status] : "…"}</dd>
          </div>
        ))}
      </dl>
      {held > 0 && counts.data && (
        <p className="newsletter-held" role="status">
          {heldText(held, counts.data.confirmationsPerHour)}
        </p>
      )}
    </>
  );
}

function Screen({ outbox, issue }: { outbox: boolean; issue?: number }) {
  const [tab, setTab] = useState<Tab>("issues");
  const [open, setOpen] = useState<number | undefined>(issue);
  const tabs = [
    { id: "issues", label: "Issues" },
    { id: "subscribers", label: "Subscribers" },
    { id: "digest", label: "Next digest" },
    ...(outbox ? [{ id: "outbox", label: "Outbox" } as const] : []),
  ] as const satisfies readonly { id: Tab; label: string }[];
  return (
    <div className="newsletter-admin">
      <h1>Newsletter</h1>
      <Counts />
      <TabList
        idPrefix="newsletter"
        label="Newsletter"
        tabs={tabs}
        current={tab}
        onSelect={setTab}
        className="newsletter-admin__tabs"
      />
      <div
        id={`newsletter-panel-${tab}`}
        role="tabpanel"
        aria-labelledby={`newsletter-tab-${tab}`}
        className="newsletter-admin__panel"
      >
        {tab === "issues" &&
          (open === undefined ? (
            <IssueList onOpen={setOpen} outbox={outbox} />
          ) : (
            <IssueDetail
              id={open}
              onClose={() => {
                setOpen(undefined);
              }}
            />
          ))}
        {tab === "subscribers" && <SubscriberList />}
        {tab === "digest" && <DigestPanel />}
        {tab === "outbox" && <OutboxPanel />}
      </div>
    </div>
  );
}

/** The newsletter's admin screen: who reads it, what was sent and how it went, the next digest, and the outbox. */
export default function NewsletterAdmin(props: { outbox: boolean; issue?: number }) {
  return (
    <QueryClientProvider client={getQueryClient()}>
      <Screen {...props} />
    </QueryClientProvider>
  );
}
