import type { APIContext } from "astro";
import type { DeclaredRoute } from "../src/lib/define-route.server.ts";
import type { SessionUser } from "../src/lib/session-user.ts";

// Every module under src/pages/api, so a route added tomorrow is in every test built on
// this list without anyone naming it.
const modules = import.meta.glob<Record<string, unknown>>("../src/pages/api/**/*.ts", { eager: true });
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/** One method of one `/api` route. */
export interface Endpoint {
  method: (typeof METHODS)[number];
  /** The route's pattern, as Astro names it: `/api/posts/[ref]`. */
  path: string;
  /** The names of its parameters, in path order. */
  params: string[];
  route: DeclaredRoute;
}

/** `../src/pages/api/posts/[ref].ts` as its route pattern and parameter names. */
function patternOf(file: string): { path: string; params: string[] } {
  const segments = file
    .replace(/^\.\.\/src\/pages/, "")
    .replace(/\.ts$/, "")
    .split("/")
    .filter((segment) => segment !== "index");
  const params = segments.flatMap((segment) => /^\[(\w+)\]$/.exec(segment)?.[1] ?? []);
  return { path: segments.join("/"), params };
}

/** Every declared endpoint, and `METHOD path` of any handler that is not declared with `defineRoute`. */
export const endpoints: Endpoint[] = [];
export const undeclared: string[] = [];
for (const [file, exports] of Object.entries(modules)) {
  const { path, params } = patternOf(file);
  for (const method of METHODS) {
    const handler = exports[method];
    if (handler === undefined) continue;
    if (typeof handler === "function" && "access" in handler) {
      endpoints.push({ method, path, params, route: handler as DeclaredRoute });
    } else {
      undeclared.push(`${method} ${path}`);
    }
  }
}

export interface Call {
  user: SessionUser | null;
  /** Parameter values as Astro hands them to the route (decoded); each is put in the URL encoded. */
  params: Record<string, string>;
  query?: readonly (readonly [string, string])[];
  /** The raw body; none when undefined. */
  body?: string;
  /** Sent with a body; JSON unless said. */
  contentType?: string;
  client?: string;
  /** The caller's session (a row's id when the route reads or writes it); a placeholder unless said. */
  sessionId?: string;
  /** When the session last proved who holds it: now unless said, so step-up routes let it through. */
  provenAt?: Date | null;
}

/**
 * Call an endpoint's handler directly, with the parts of Astro's context a declared route
 * reads (the rest is never touched), as the middleware would have left it.
 */
export async function callEndpoint(endpoint: Endpoint, call: Call): Promise<Response> {
  const path = endpoint.path.replace(/\[(\w+)\]/g, (_, name: string) =>
    encodeURIComponent((call.params[name] ?? "").toWellFormed()),
  );
  const url = new URL(`http://site.test${path}`);
  for (const [name, value] of call.query ?? []) url.searchParams.append(name, value);
  const headers = new Headers({ Origin: url.origin });
  if (call.body !== undefined) headers.set("Content-Type", call.contentType ?? "application/json");
  const request = new Request(url, { method: endpoint.method, headers, body: call.body });
  const noCookies = { get: () => undefined, set: () => undefined, delete: () => undefined, has: () => false };
  const context = {
    request,
    url,
    params: call.params,
    routePattern: endpoint.path,
    locals: {
      user: call.user,
      sessionId: call.user ? (call.sessionId ?? "session") : null,
      provenAt: call.user ? (call.provenAt === undefined ? new Date() : call.provenAt) : null,
    },
    cookies: noCookies,
    clientAddress: call.client ?? "192.0.2.10",
  } as unknown as APIContext;
  return endpoint.route(context);
}
