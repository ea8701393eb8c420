import { QueryClient, type QueryFunction } from "@tanstack/react-query";
import { apiRequest } from "./api-request";

/** The default read: a GET to the query key's first element. */
const getFirstKey: QueryFunction = ({ queryKey }) => apiRequest("GET", String(queryKey[0]));

function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getFirstKey,
        staleTime: Infinity,
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
      },
      mutations: { retry: false },
    },
  });
}

let browserClient: QueryClient | undefined;

/**
 * The page's query client, with the spec's defaults: one per page in the browser, shared
 * by all its islands; a fresh one for each server render, so no request sees another's data.
 */
export function getQueryClient(): QueryClient {
  if (typeof window === "undefined") return createQueryClient();
  browserClient ??= createQueryClient();
  return browserClient;
}
