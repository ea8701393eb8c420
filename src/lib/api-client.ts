import { QueryClient, type QueryFunction } from "@tanstack/react-query";

/**
 * Call the site's API from the browser (SPEC §7): cookies always sent, a JSON body only
 * when there is one, and any non-ok response thrown as "{status}: {text}".
 */
export async function apiRequest<T>(method: string, url: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  const response = await fetch(url, {
    method,
    credentials: "include",
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  if (!response.ok) {
    const text = (await response.text()) || response.statusText;
    throw new Error(`${response.status}: ${text}`);
  }
  return (await response.json()) as T;
}

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
