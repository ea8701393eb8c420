import { useEffect, useState, type ReactNode } from "react";
import { CardSkeletons } from "@/components/ui/CardSkeleton";
import { CategoryFilter } from "@/components/ui/CategoryFilter";
import { OfflineNote } from "@/components/ui/OfflineNote";
import { SearchBox } from "@/components/ui/SearchBox";
import { useListingState, type ListingState } from "@/lib/listing-state";
import { readableError } from "@/lib/api-request";
import { toast } from "@/lib/toast";
import { useListingData } from "@/lib/use-listing-data";

export interface ListingConfig<T> {
  /** The page's path; its links and form work without JavaScript. */
  base: string;
  searchLabel: string;
  allLabel: string;
  /** How many skeleton cards stand in while loading, and what they announce. */
  skeletons: number;
  loadingLabel: string;
  /** The API path listing items for a state, which `load` fetches. */
  keyOf: (state: ListingState) => string;
  load: (key: string, signal: AbortSignal) => Promise<T[]>;
  /** What the offline search index finds for a state, shown when the API cannot answer. */
  offline?: (state: ListingState) => Promise<T[]>;
  idOf: (item: T) => number;
  render: (item: T) => ReactNode;
  /** The result count line, when the page shows one. */
  count?: (n: number, state: ListingState) => string;
  empty: (state: ListingState, failed: boolean) => string;
  /** A button in the empty state that shows everything again. */
  resetLabel?: string;
}

interface ListingBrowserProps<T> {
  config: ListingConfig<T>;
  initial: ListingState;
  /** What the server found for `initial`, so the first paint needs no request. */
  initialItems: T[];
  /** More results below the grid for a state (the archive's matching videos). */
  children?: (state: ListingState) => ReactNode;
}

/**
 * A searchable, filterable grid (archive, videos). Searching clears the category and
 * choosing a category clears the search; every change is a history entry.
 */
export function ListingBrowser<T>({ config, initial, initialItems, children }: ListingBrowserProps<T>) {
  const [state, navigate] = useListingState(initial);
  const [draft, setDraft] = useState(initial.search);
  const { offline: offlineSource } = config;
  const {
    items,
    pending: isPending,
    error,
    offline,
  } = useListingData(
    config.keyOf(state),
    config.load,
    { key: config.keyOf(initial), items: initialItems },
    offlineSource && (() => offlineSource(state)),
  );
  const isError = error !== undefined;

  useEffect(() => {
    setDraft(state.search);
  }, [state.search]);
  useEffect(() => {
    if (error)
      toast({
        title: "Search failed",
        description: readableError(error, "The search could not be done. Please try again."),
        variant: "destructive",
      });
  }, [error]);

  const results = items ?? [];
  return (
    <div className="listing">
      <SearchBox
        action={config.base}
        label={config.searchLabel}
        value={draft}
        onChange={setDraft}
        onSearch={(search) => {
          navigate({ search, category: undefined });
        }}
      />
      {!state.search && (
        <CategoryFilter
          base={config.base}
          current={state.category}
          allLabel={config.allLabel}
          onSelect={(category) => {
            navigate({ search: "", category });
          }}
        />
      )}
      {isPending ? (
        <CardSkeletons count={config.skeletons} label={config.loadingLabel} />
      ) : (
        <>
          {offline && <OfflineNote />}
          {config.count && !isError && (
            <p className="listing__count meta" role="status">
              {config.count(results.length, state)}
            </p>
          )}
          {results.length > 0 ? (
            <ul className="grid">
              {results.map((item) => (
                <li key={config.idOf(item)}>{config.render(item)}</li>
              ))}
            </ul>
          ) : (
            <div className="empty">
              <p>{config.empty(state, isError)}</p>
              {config.resetLabel && (
                <a
                  className="button"
                  href={config.base}
                  onClick={(event) => {
                    event.preventDefault();
                    navigate({ search: "", category: undefined });
                  }}
                >
                  {config.resetLabel}
                </a>
              )}
            </div>
          )}
        </>
      )}
      {children?.(state)}
    </div>
  );
}
