import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { apiPage } from "@/lib/api-request";
import { pageCount, readPageNumber } from "@/lib/paging";
import type { StatusFilter } from "../publication";
import { readStatusFilter } from "./StatusFilterBar";

/** `?page=&status=` as the manager writes it: all items is the filter an address leaves out. */
export const managerAddress = (page: number, filter: StatusFilter): string =>
  `?page=${String(page)}${filter === "all" ? "" : `&status=${filter}`}`;

const pageInAddress = () => readPageNumber(new URLSearchParams(window.location.search).get("page"));

/**
 * The page of a manager's list and the status it shows, read a page at a time. Both are in
 * the address, so a reload or a shared link opens the same, and Back returns to the last.
 */
export function useManagerList<T>(endpoint: string) {
  const [page, setPage] = useState(pageInAddress);
  const [status, setStatus] = useState<StatusFilter>(() => readStatusFilter(window.location.search));
  const listKey = `${endpoint}?page=${String(page)}&status=${status}`;
  const list = useQuery({
    queryKey: [endpoint, status, page],
    queryFn: ({ signal }) => apiPage<T>(listKey, signal),
  });
  const go = (target: number, filter: StatusFilter) => {
    window.history.pushState(null, "", `${window.location.pathname}${managerAddress(target, filter)}`);
  };
  const turnTo = (target: number) => {
    setPage(target);
    go(target, status);
  };
  const showStatus = (filter: StatusFilter) => {
    setStatus(filter);
    setPage(1);
    go(1, filter);
  };
  // Deleting the last item of the last page, or an address past the end, leaves a page
  // with nothing on it: the last page that has something is shown instead.
  const lastPage = list.data && list.data.items.length === 0 && page > 1 ? pageCount(list.data.total) : undefined;
  useEffect(() => {
    if (lastPage === undefined || lastPage === page) return;
    setPage(lastPage);
    window.history.replaceState(null, "", `${window.location.pathname}${managerAddress(lastPage, status)}`);
  }, [lastPage, page]);
  useEffect(() => {
    const restore = () => {
      setPage(pageInAddress());
      setStatus(readStatusFilter(window.location.search));
    };
    window.addEventListener("popstate", restore);
    return () => {
      window.removeEventListener("popstate", restore);
    };
  }, []);
  return { page, status, list, turnTo, showStatus };
}
