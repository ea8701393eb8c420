/**
 * Call the site's API from the browser (SPEC §7): cookies always sent, a JSON body only
 * when there is one, and any non-ok response thrown as "{status}: {text}". Kept apart from
 * the query client so public islands do not carry React Query.
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
