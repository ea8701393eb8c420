import { keepPreviousData, useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { useDeferredValue, useState } from "react";
import { apiPage, apiRequest, readableError } from "@/lib/api-request";
import { toast } from "@/lib/toast";
import { SUBSCRIBER_STATUSES, type SubscriberStatus } from "../../../../db/content-statuses.ts";
import type { SubscriberJson } from "../newsletter-json";
import { whenShown } from "./when";

const PER_PAGE = 25;

/** The readers: search by address, filter by status, export what is shown as CSV, and remove one. */
export function SubscriberList() {
  const client = useQueryClient();
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState<SubscriberStatus | "">("");
  const typed = useDeferredValue(search.trim());
  const filter = new URLSearchParams({ ...(status && { status }), ...(typed && { search: typed }) });
  // A page at a time, each added below the last: the owner reads down a list, not through pages.
  const list = useInfiniteQuery({
    queryKey: ["newsletter", "subscribers", status, typed],
    queryFn: ({ pageParam, signal }) =>
      apiPage<SubscriberJson>(
        `/api/newsletter/subscribers?${filter.toString()}&page=${String(pageParam)}&limit=${String(PER_PAGE)}`,
        signal,
      ),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.length * PER_PAGE < last.total ? pages.length + 1 : undefined),
    placeholderData: keepPreviousData,
  });
  const readers = list.data?.pages.flatMap((page) => page.items) ?? [];
  const total = list.data?.pages[0]?.total ?? 0;
  const remove = useMutation({
    mutationFn: (reader: SubscriberJson) => apiRequest("DELETE", `/api/newsletter/subscribers/${String(reader.id)}`),
    onSuccess: (_done, reader) => {
      toast({ title: "Removed", description: `${reader.email} is off the list, and out of every ledger.` });
      void client.invalidateQueries({ queryKey: ["newsletter"] });
    },
    onError: (error) => {
      toast({
        title: "Error",
        description: readableError(error, "The reader could not be removed."),
        variant: "destructive",
      });
    },
  });
  const confirmRemove = (reader: SubscriberJson) => {
    if (window.confirm(`Remove ${reader.email} for good? They can sign up again themselves.`)) remove.mutate(reader);
  };
  return (
    <div className="newsletter-readers">
      <div className="newsletter-readers__bar">
        <label className="field">
          <span>Search addresses</span>
          <input
            type="search"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
            }}
          />
        </label>
        <label className="field">
          <span>Status</span>
          <select
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as SubscriberStatus | "");
            }}
          >
            <option value="">All</option>
            {SUBSCRIBER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s.charAt(0).toUpperCase() + s.slice(1)}
              </option>
            ))}
          </select>
        </label>
        <a
          className="button button--quiet"
          href={`/api/newsletter/subscribers?${filter.toString()}&format=csv`}
          download
          data-fresh-proof
        >
          Export CSV
        </a>
      </div>
      {list.isError && <p role="alert">{readableError(list.error, "The readers could not be loaded.")}</p>}
      {list.data && total === 0 && <p className="empty">Nobody here. Which is, in its way, restful.</p>}
      {readers.length > 0 && (
        <div className="newsletter-table-wrap">
          <table className="newsletter-table">
            <caption className="visually-hidden">Subscribers</caption>
            <thead>
              <tr>
                <th scope="col">Address</th>
                <th scope="col">Status</th>
                <th scope="col">Signed up</th>
                <th scope="col">Confirmed</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {readers.map((reader) => (
                <tr key={reader.id}>
                  <td className="newsletter-table__email">{reader.email}</td>
                  <td>
                    <span className={`badge newsletter-status newsletter-status--${reader.status}`}>
                      {reader.status}
                    </span>
                  </td>
                  <td>{whenShown(reader.createdAt)}</td>
                  <td>{whenShown(reader.confirmedAt)}</td>
                  <td>
                    <button
                      type="button"
                      className="button button--quiet"
                      aria-label={`Remove ${reader.email}`}
                      disabled={remove.isPending}
                      onClick={() => {
                        confirmRemove(reader);
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
      {list.hasNextPage && (
        <p className="newsletter-readers__more">
          <span className="meta">
            {readers.length} of {total} shown.
          </span>{" "}
          <button
            type="button"
            className="button button--quiet"
            disabled={list.isFetchingNextPage}
            onClick={() => {
              void list.fetchNextPage();
            }}
          >
            Show more
          </button>
        </p>
      )}
    </div>
  );
}
