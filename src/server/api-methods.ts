import { json } from "../lib/http.server";

// Every API module, loaded when its route is asked for, as Astro loads it anyway to answer.
const modules = import.meta.glob<Record<string, unknown>>("../pages/api/**/*.ts");
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/** `../pages/api/posts/[id]/index.ts` as Astro names its route: `/api/posts/[id]`. */
const patternOf = (file: string) => file.replace(/^\.\.\/pages/, "").replace(/(\/index)?\.ts$/, "");
const loaders = new Map(Object.entries(modules).map(([file, load]) => [patternOf(file), load]));

/**
 * The methods an API route answers (HEAD wherever GET is), or undefined when it is not an
 * API module or takes every method.
 * @example await allowedMethods("/api/posts/[id]/preview-link") // ["POST", "DELETE"]
 */
export async function allowedMethods(routePattern: string): Promise<string[] | undefined> {
  const load = loaders.get(routePattern);
  if (!load) return undefined;
  const exported = await load();
  if ("ALL" in exported) return undefined;
  return METHODS.filter(
    (method) => typeof exported[method] === "function" || (method === "HEAD" && typeof exported.GET === "function"),
  );
}

/**
 * 405 with `Allow` for a method the route does not declare, before Astro would look for its
 * handler (and log a warning for every such request: anyone could fill the log). Undefined
 * when the route takes the method.
 */
export async function refuseUndeclaredMethod(method: string, routePattern: string): Promise<Response | undefined> {
  const allowed = await allowedMethods(routePattern);
  if (!allowed || allowed.includes(method)) return undefined;
  const named = allowed.filter((m) => m !== "HEAD" && m !== "OPTIONS");
  return json(
    { error: `${method} is not allowed here; this address takes ${named.join(" or ")}.`, code: "method_not_allowed" },
    { status: 405, headers: { Allow: allowed.join(", ") } },
  );
}
