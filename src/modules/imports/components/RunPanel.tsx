import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { apiRequest, readableError } from "@/lib/api-request";
import { toast } from "@/lib/toast";
import { uploadFile } from "@/modules/uploads/components/direct-upload";
import type { ImportJson } from "../import-json";
import { importReportSchema, type ImportOptions } from "../import-schemas";
import { liveWhileWorking, outcomeText, progressText, STATUS_WORDS } from "../import-words";
import { ReportForm } from "./ReportForm";

function Progress({ run }: { run: ImportJson }) {
  const progress = run.progress;
  return (
    <div className="import-progress">
      <progress max={progress?.itemsTotal || 1} value={progress?.itemsDone ?? 0} aria-label="Import progress" />
      <p role="status">{progress ? progressText(progress) : "Starting…"}</p>
    </div>
  );
}

/** Send a copy of an image the import could not bring: uploaded as any image is, then put in its posts. */
function SupplyImage({ runId, ref_ }: { runId: number; ref_: string }) {
  const client = useQueryClient();
  const supply = useMutation({
    mutationFn: async (file: File) =>
      apiRequest<{ posts: number }>("POST", `/api/imports/${String(runId)}/media`, {
        ref: ref_,
        url: await uploadFile("image", file),
      }),
    onSuccess: ({ posts }) => {
      toast({
        title: "Image Sent",
        description: `${String(posts)} ${posts === 1 ? "post shows" : "posts show"} it now.`,
      });
      void client.invalidateQueries({ queryKey: ["imports", runId] });
    },
    onError: (error) => {
      toast({
        title: "Not Sent",
        description: error instanceof Error ? error.message : readableError(error, "The image could not be sent."),
        variant: "destructive",
      });
    },
  });
  return (
    <label className="import-supply">
      <span className="visually-hidden">Send a copy of {ref_}</span>
      <input
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
        disabled={supply.isPending}
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          if (file) supply.mutate(file);
        }}
      />
    </label>
  );
}

function Outcome({ run }: { run: ImportJson }) {
  return (
    <div className="import-outcome">
      <p role="status">{run.progress ? outcomeText(run.progress, run.failedMedia.length) : "Done."}</p>
      <p>
        <a href="/admin/posts">Open the posts</a>
      </p>
      {run.progress && run.progress.refusals.length > 0 && (
        <details>
          <summary>Left out ({run.progress.refused})</summary>
          <ul className="import-list">
            {run.progress.refusals.map((r) => (
              <li key={r.item + r.reason}>
                “{r.item}”: {r.reason}
              </li>
            ))}
          </ul>
        </details>
      )}
      {run.failedMedia.length > 0 && (
        <details>
          <summary>Images that could not be brought ({run.failedMedia.length})</summary>
          <p className="meta">
            Their posts still point at the old addresses. Send a copy of each, if you have one, and every post that
            shows it will show yours.
          </p>
          <ul className="import-list">
            {run.failedMedia.map((m) => (
              <li key={m.ref}>
                <code>{m.ref}</code>: {m.failure} <SupplyImage runId={run.id} ref_={m.ref} />
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}

/** One import, followed live while it reads or writes: its report to answer, its progress, or how it ended. */
export function RunPanel({ id }: { id: number }) {
  const client = useQueryClient();
  const run = useQuery({
    queryKey: ["imports", id],
    queryFn: ({ signal }) => apiRequest<ImportJson>("GET", `/api/imports/${String(id)}`, undefined, signal),
    refetchInterval: (query) => liveWhileWorking(query.state.data?.status),
  });
  const refresh = () => client.invalidateQueries({ queryKey: ["imports"] });
  const confirm = useMutation({
    mutationFn: (options: ImportOptions) => apiRequest("POST", `/api/imports/${String(id)}/confirm`, options),
    onSuccess: refresh,
    onError: (error) => {
      toast({
        title: "Not Imported",
        description: readableError(error, "The import could not begin."),
        variant: "destructive",
      });
    },
  });
  const cancel = useMutation({
    mutationFn: () => apiRequest("DELETE", `/api/imports/${String(id)}`),
    onSuccess: refresh,
    onError: (error) => {
      toast({
        title: "Not Cancelled",
        description: readableError(error, "The import could not be cancelled."),
        variant: "destructive",
      });
    },
  });
  // What the other panels show changes as the run moves on: its place in the list, the old addresses it adds.
  const status = run.data?.status;
  useEffect(() => {
    if (status === undefined) return;
    void client.invalidateQueries({ queryKey: ["imports", "list"] });
    void client.invalidateQueries({ queryKey: ["imports", "redirects"] });
  }, [client, status]);
  if (run.isError) return <p role="alert">{readableError(run.error, "This import could not be read.")}</p>;
  if (!run.data) return <p className="meta">Loading the import…</p>;
  const data = run.data;
  const report = importReportSchema.safeParse(data.report);
  return (
    <section className="card import-section import-run" aria-labelledby="import-run-heading">
      <h2 id="import-run-heading">
        {data.fileName}: {STATUS_WORDS[data.status]}
      </h2>
      {data.status === "reading" && (
        <div className="import-progress">
          <progress aria-label="Reading the export" />
          <p role="status">Reading every item and asking the old site for its images…</p>
        </div>
      )}
      {data.status === "planned" && report.success && (
        <ReportForm
          report={report.data}
          pending={confirm.isPending || cancel.isPending}
          onImport={(options) => {
            confirm.mutate(options);
          }}
          onCancel={() => {
            cancel.mutate();
          }}
        />
      )}
      {data.status === "importing" && (
        <>
          <Progress run={data} />
          <button
            className="button button--quiet"
            type="button"
            disabled={cancel.isPending}
            onClick={() => {
              cancel.mutate();
            }}
          >
            Stop
          </button>
        </>
      )}
      {data.status === "done" && <Outcome run={data} />}
      {data.status === "failed" && <p role="alert">{data.error}</p>}
      {data.status === "cancelled" && <p role="status">Cancelled. Whatever was brought in before stays.</p>}
    </section>
  );
}
