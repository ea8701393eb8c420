import { isDatabaseUnavailable } from "../../db/unavailable.ts";
import { unavailable, type DomainError } from "./errors";

// Long enough for a restart or a failover, short enough that a reader who retries is not
// kept away once it is over.
const RETRY_AFTER_SECONDS = 5;

/**
 * The `unavailable` error (503, Retry-After) when `error` means the database cannot answer
 * now (unreachable, frozen, restarting), rather than a 500; undefined for anything else.
 */
export function databaseOutage(error: unknown): DomainError | undefined {
  if (!isDatabaseUnavailable(error)) return undefined;
  return unavailable("The database is not answering. Please try again shortly.", RETRY_AFTER_SECONDS);
}

// Plain on purpose: the site's layout reads the theme from the database.
const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Back in a moment</title>
</head>
<body>
<h1>Back in a moment</h1>
<p>The site cannot reach its database just now. Please try again in a few seconds.</p>
</body>
</html>
`;

/** What a visitor asking for a page sees during a database outage. */
export function outagePage(outage: DomainError): Response {
  return new Response(PAGE, {
    status: 503,
    headers: { "Content-Type": "text/html; charset=utf-8", "Retry-After": String(outage.retryAfterSeconds) },
  });
}
