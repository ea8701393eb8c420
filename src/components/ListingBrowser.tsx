import { useEffect, useRef, useState, type ReactNode } from "react";
import { CardSkeletons } from "@/components/ui/CardSkeleton";
import { CategoryFilter } from "@/components/ui/CategoryFilter";
import { OfflineNote } from "@/components/ui/OfflineNote";
import { Pager } from "@/components/ui/Pager";
import { SearchBox } from "@/components/ui/SearchBox";
import { listingQuery, useListingState, type ListingState } from "@/lib/listing-state";
import { pageCount, PAGE_SIZE, type Page } from "@/lib/paging";
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
  /** The API path listing a page of items for a state, which `load` fetches. */
  keyOf: (state: ListingState) => string;
  load: (key: string, signal: AbortSignal) => Promise<Page<T>>;
  /** What the offline search index finds for a state, shown when the API cannot answer. */
  offline?: (state: ListingState) => Promise<Page<T>>;
  idOf: (item: T) => number;
  render: (item: T) => ReactNode;
  /** The result count line (of everything found, not only this page), when the page shows one. */
  count?: (page: Pick<Page<T>, "total" | "capped">, state: ListingState) => string;
  empty: (state: ListingState, failed: boolean) => string;
  /** A button in the empty state that shows everything again. */
  resetLabel?: string;
}

interface ListingBrowserProps<T> {
  config: ListingConfig<T>;
  initial: ListingState;
  /** What the server found for `initial`, so the first paint needs no request. */
  initialPage: Page<T>;
  /** More results below the grid for a state (the archive's matching videos). */
  children?: (state: ListingState) => ReactNode;
}

/**
 * A searchable, filterable grid (archive, videos). Searching clears the category and
 * choosing a category clears the search; every change is a history entry.
 */
export function ListingBrowser<T>({ config, initial, initialPage, children }: ListingBrowserProps<T>) {
  const [state, navigate] = useListingState(initial);
  const top = useRef<HTMLDivElement>(null);
  const [draft, setDraft] = useState(initial.search);
  const { offline: offlineSource } = config;
  const {
    page,
    pending: isPending,
    error,
    offline,
  } = useListingData(
    config.keyOf(state),
    config.load,
    { key: config.keyOf(initial), page: initialPage },
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

  const results = page?.items ?? [];
  const total = page?.total ?? 0;
  const pages = pageCount(total, PAGE_SIZE);
  /** Another page of the same listing: a history entry, read from its top. */
  const turnTo = (target: number) => {
    navigate({ ...state, page: target });
    top.current?.scrollIntoView({ block: "start" });
  };
  return (
    <div className="listing" ref={top}>
      <SearchBox
        action={config.base}
        label={config.searchLabel}
        value={draft}
        onChange={setDraft}
        onSearch={(search) => {
          navigate({ search, category: undefined, page: 1 });
        }}
      />
      {!state.search && (
        <CategoryFilter
          base={config.base}
          current={state.category}
          allLabel={config.allLabel}
          onSelect={(category) => {
            navigate({ search: "", category, page: 1 });
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
              {config.count(page ?? { total }, state)}
            </p>
          )}
          {results.length > 0 ? (
            <>
              <ul className="grid">
                {results.map((item) => (
                  <li key={config.idOf(item)}>{config.render(item)}</li>
                ))}
              </ul>
              <Pager
                page={state.page}
                pages={pages}
                more={page?.capped}
                hrefOf={(n) => `${config.base}${listingQuery({ ...state, page: n })}`}
                onSelect={turnTo}
              />
            </>
          ) : total > 0 && !isError ? (
            <div className="empty">
              <p>{`There is no page ${String(state.page)} here: the last is page ${String(pages)}.`}</p>
              <a
                className="button"
                href={`${config.base}${listingQuery({ ...state, page: 1 })}`}
                onClick={(event) => {
                  event.preventDefault();
                  turnTo(1);
                }}
              >
                Go to the first page
              </a>
            </div>
          ) : (
            <div className="empty">
              <p>{config.empty(state, isError)}</p>
              {config.resetLabel && (
                <a
                  className="button"
                  href={config.base}
                  onClick={(event) => {
                    event.preventDefault();
                    navigate({ search: "", category: undefined, page: 1 });
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
