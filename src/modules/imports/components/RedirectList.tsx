import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest, readableError } from "@/lib/api-request";
import { toast } from "@/lib/toast";
import type { RedirectJson } from "../import-json";

/** An address as a person reads it: `/caf%C3%A9` as `/café`. */
function readable(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

/** The old addresses that lead to imported posts, each removable. */
export function RedirectList() {
  const client = useQueryClient();
  const list = useQuery({
    queryKey: ["imports", "redirects"],
    queryFn: ({ signal }) =>
      apiRequest<{ rows: RedirectJson[]; total: number }>("GET", "/api/redirects", undefined, signal),
  });
  const remove = useMutation({
    mutationFn: (id: number) => apiRequest("DELETE", `/api/redirects/${String(id)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: ["imports", "redirects"] }),
    onError: (error) => {
      toast({
        title: "Not Removed",
        description: readableError(error, "The address could not be removed."),
        variant: "destructive",
      });
    },
  });
  const rows = list.data?.rows ?? [];
  return (
    <section className="card import-section import-redirects" aria-labelledby="redirects-heading">
      <h2 id="redirects-heading">Old addresses</h2>
      <p>
        Each answers with its post&apos;s page here (a permanent redirect), so links and search results that point at
        the old site keep working. {list.data && `${list.data.total.toLocaleString("en")} in all.`}
      </p>
      {rows.length > 0 && (
        <div className="import-table-wrap">
          <table className="import-table">
            <thead>
              <tr>
                <th scope="col">Old address</th>
                <th scope="col">Leads to</th>
                <th scope="col">
                  <span className="visually-hidden">Remove</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td>
                    <code>{readable(row.path)}</code>
                  </td>
                  <td>{row.to ? <a href={row.to}>{row.title}</a> : row.title}</td>
                  <td>
                    <button
                      className="button button--quiet"
                      type="button"
                      aria-label={`Remove ${readable(row.path)}`}
                      disabled={remove.isPending}
                      onClick={() => {
                        remove.mutate(row.id);
                      }}
                    >
                      Remove
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
