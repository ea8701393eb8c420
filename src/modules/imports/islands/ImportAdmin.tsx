import { QueryClientProvider, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError, apiRequest, readableError } from "@/lib/api-request";
import { getQueryClient } from "@/lib/query-client";
import type { ImportStatus } from "../../../../db/schema/imports.ts";
import { RedirectList } from "../components/RedirectList";
import { RunPanel } from "../components/RunPanel";
import { STATUS_WORDS } from "../import-words";
import "./import-admin.css";

interface RunSummary {
  id: number;
  fileName: string;
  status: ImportStatus;
  createdAt: string;
}

/** Send an export's file as the body; the run it began. */
async function uploadExport(file: File): Promise<number> {
  const response = await fetch(`/api/imports?name=${encodeURIComponent(file.name)}`, {
    method: "POST",
    credentials: "include",
    headers: { "Content-Type": "application/octet-stream" },
    body: file,
  });
  if (!response.ok) throw new ApiError(response.status, (await response.text()) || response.statusText);
  return ((await response.json()) as { id: number }).id;
}

function Upload({ onUploaded }: { onUploaded: (id: number) => void }) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  return (
    <section className="card import-section" aria-labelledby="import-upload-heading">
      <h2 id="import-upload-heading">Bring a blog in</h2>
      <p>
        Send the export your old blog made: a WordPress <code>.xml</code>, a Ghost <code>.json</code> (or a zip of it
        with its <code>content/images</code>), a Substack or Medium export <code>.zip</code>, a zip of Markdown files
        (Jekyll, Hugo, Astro, Bear), or this site&apos;s own archive. You will see what it holds before anything is
        written.
      </p>
      <form
        className="import-upload"
        onSubmit={(e) => {
          e.preventDefault();
          const input = e.currentTarget.elements.namedItem("export") as HTMLInputElement;
          const file = input.files?.[0];
          if (!file) {
            setError("Choose the export's file first.");
            return;
          }
          setPending(true);
          setError(undefined);
          uploadExport(file)
            .then(onUploaded)
            .catch((failure: unknown) => {
              setError(readableError(failure, "The export could not be sent."));
            })
            .finally(() => {
              setPending(false);
            });
        }}
      >
        <label htmlFor="import-file">Export file</label>
        <input id="import-file" name="export" type="file" accept=".xml,.json,.zip" />
        <button className="button" type="submit" disabled={pending}>
          {pending ? "Sending…" : "Read the export"}
        </button>
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
      </form>
    </section>
  );
}

function Screen() {
  const client = useQueryClient();
  const runs = useQuery({
    queryKey: ["imports", "list"],
    queryFn: ({ signal }) => apiRequest<{ imports: RunSummary[] }>("GET", "/api/imports", undefined, signal),
  });
  const [chosen, setChosen] = useState<number>();
  const newest = runs.data?.imports[0];
  const open =
    chosen ?? (newest && ["reading", "planned", "importing"].includes(newest.status) ? newest.id : undefined);
  return (
    <div className="import-admin">
      <h1>Import</h1>
      <Upload
        onUploaded={(id) => {
          setChosen(id);
          void client.invalidateQueries({ queryKey: ["imports", "list"] });
        }}
      />
      {open !== undefined && <RunPanel key={open} id={open} />}
      {runs.data && runs.data.imports.length > 0 && (
        <section className="card import-section" aria-labelledby="import-history-heading">
          <h2 id="import-history-heading">Earlier imports</h2>
          <ul className="import-history">
            {runs.data.imports.map((run) => (
              <li key={run.id}>
                <button
                  type="button"
                  className="import-history__open"
                  aria-current={run.id === open ? "true" : undefined}
                  onClick={() => {
                    setChosen(run.id);
                  }}
                >
                  {run.fileName}
                </button>{" "}
                <span className="meta">
                  {STATUS_WORDS[run.status]},{" "}
                  {new Date(run.createdAt).toLocaleDateString("en-GB", { dateStyle: "medium" })}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <RedirectList />
    </div>
  );
}

/** The import screen: send an export, read its report, answer it, watch it come in; and the old addresses kept. */
export default function ImportAdmin() {
  return (
    <QueryClientProvider client={getQueryClient()}>
      <Screen />
    </QueryClientProvider>
  );
}
