import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-request";
import { lateBy, STATUS_FILTERS, type StatusFilter } from "../publication";
import { whenText } from "@/lib/format";
import type { Standing } from "./PublicationActions";

const LABELS: Record<StatusFilter, string> = {
  all: "All",
  draft: "Drafts",
  scheduled: "Scheduled",
  published: "Published",
};

/** The status filter in an address's `?status=`; all when absent or unknown. */
export function readStatusFilter(search: string): StatusFilter {
  const asked = new URLSearchParams(search).get("status");
  return STATUS_FILTERS.find((filter) => filter === asked) ?? "all";
}

/** A manager's status filter: All, Drafts, Scheduled, Published, each with how many it holds. */
export function StatusFilterBar({
  endpoint,
  current,
  onSelect,
}: {
  endpoint: string;
  current: StatusFilter;
  onSelect: (filter: StatusFilter) => void;
}) {
  // Under the list's own key, so whatever refreshes the list refreshes the counts.
  const counts = useQuery({
    queryKey: [endpoint, "status-counts"],
    queryFn: ({ signal }) =>
      apiRequest<Record<StatusFilter, number>>("GET", `${endpoint}/status-counts`, undefined, signal),
  });
  return (
    <nav className="status-filter" aria-label="Show by status">
      {STATUS_FILTERS.map((filter) => (
        <button
          key={filter}
          type="button"
          className="status-filter__option"
          aria-pressed={filter === current}
          onClick={() => {
            onSelect(filter);
          }}
        >
          {LABELS[filter]}
          {counts.data && <span className="status-filter__count"> ({counts.data[filter]})</span>}
        </button>
      ))}
    </nav>
  );
}

const BADGES: Record<Standing["status"], string> = { draft: "Draft", scheduled: "Scheduled", published: "Published" };

/** On a manager's card: where an item stands, when it goes public, and whether it went late. */
export function StandingBadge({ standing }: { standing: Standing }) {
  const late = standing.status === "published" ? lateBy(standing.lateSeconds) : null;
  return (
    <p className={`standing standing--${standing.status}`}>
      <span className="badge">{BADGES[standing.status]}</span>
      {standing.status === "scheduled" && standing.publishedAt && <span> for {whenText(standing.publishedAt)}</span>}
      {late && <span className="standing__late">{late}</span>}
    </p>
  );
}
