import type { APIContext, APIRoute } from "astro";
import type { z } from "zod";
import type { SessionUser } from "@/lib/session-user";
import { findTextFault } from "./acceptable-text";
import type { Db } from "./db.server";
import { forbidden, invalid, reauthenticate, unauthenticated, unsupportedType } from "./errors";
import { clientAddress, contentType, errorResponse, json, parseJson, parseWith, readBody } from "./http.server";
import { routeName } from "./log-unexpected";
import { throttle, type RateLimit } from "./rate-limit.server";
import { db } from "./site-database.server";

/** Who may call a route: anyone, anyone signed in, or only an admin. */
export type Access = "public" | "signed-in" | "admin";

type UserFor<A extends Access> = A extends "public" ? SessionUser | null : SessionUser;
type Schema = z.core.$ZodType | undefined;
type Parsed<S extends Schema> = S extends z.core.$ZodType ? z.output<S> : undefined;

/** What a route's `run` is given: everything already checked and parsed. */
export interface RouteInput<A extends Access, P extends Schema, Q extends Schema, B extends Schema> {
  params: Parsed<P>;
  query: Parsed<Q>;
  body: Parsed<B>;
  /** The signed-in user; only a public route can see null. */
  user: UserFor<A>;
  /** The client's address, as throttles key it. */
  client: string;
  /** Whether the body came as an HTML form rather than JSON. */
  isForm: boolean;
  db: Db;
  context: APIContext;
}

export interface RouteDeclaration<A extends Access, P extends Schema, Q extends Schema, B extends Schema> {
  access: A;
  params?: P;
  query?: Q;
  /** The JSON body's schema. A route without one reads its body itself, if at all. */
  body?: B;
  /** Largest body accepted, in bytes; 256 KB unless said. */
  maxBytes?: number;
  /** The route reads a body that is not JSON itself (an uploaded file). */
  rawBody?: boolean;
  /** Also take an HTML form post (no JavaScript): the fields it reads become the body. */
  form?: (fields: URLSearchParams) => unknown;
  /**
   * What cannot be undone (a download of everything, a factor changed): the session must have
   * proven who holds it within `STEP_UP_MS`, else 403 `reauthenticate` (ASVS V6 step-up).
   */
  fresh?: boolean;
  /** Counted per client before anything is read, so malformed attempts count too. */
  throttle?: { key: (client: string) => string; limit: RateLimit };
  /** The status of success; 200 unless said (201 for a creation). */
  status?: number;
  /** Data is sent as JSON (nothing as `{ ok: true }`); a Response is sent as it is. */
  run(input: RouteInput<A, P, Q, B>): unknown;
  /** How the route answers a failure itself, e.g. a form post redirected to a page; an unexpected one is logged first. */
  onError?(error: unknown, input: { isForm: boolean }): Response | undefined;
}

/** An Astro endpoint that says who may call it, so the permission matrix can be generated. */
export type DeclaredRoute = APIRoute & { readonly access: Access; readonly fresh: boolean };

const FORM = "application/x-www-form-urlencoded";

function hasBody(request: Request): boolean {
  return request.headers.has("Content-Length")
    ? request.headers.get("Content-Length") !== "0"
    : request.headers.has("Transfer-Encoding");
}

/** A body is JSON and says so, so a form post cannot pass for an API call; checked before anything else. */
function checkBodyType(declaration: { rawBody?: boolean; form?: unknown }, request: Request, isForm: boolean): void {
  if (declaration.rawBody || isForm || !hasBody(request) || contentType(request) === "application/json") return;
  throw unsupportedType(
    declaration.form ? `Content-Type must be application/json or ${FORM}` : "Content-Type must be application/json",
  );
}

function userFor(access: Access, user: SessionUser | null): SessionUser | null {
  if (access === "public") return user;
  if (!user) throw unauthenticated("Sign in required");
  // Deny by default: only the admin role passes an admin route.
  if (access === "admin" && user.role !== "admin") throw forbidden("Admins only");
  return user;
}

/** The admin, for a public route that shows more to one (drafts): 401 to nobody signed in, 403 to anyone else. */
export const requireAdmin = (user: SessionUser | null): SessionUser => userFor("admin", user) as SessionUser;

/** Whether a public route's caller is the admin, who is shown drafts and where each item stands. */
export const isAdmin = (user: SessionUser | null): boolean => user?.role === "admin";

/** How long a proof of who holds a session opens what cannot be undone (ASVS V6 step-up). */
export const STEP_UP_MS = 10 * 60_000;

/** Whether a session's last proof is recent enough for what cannot be undone. */
export const isFresh = (provenAt: Date | null, now = new Date()): boolean =>
  provenAt !== null && now.getTime() - provenAt.getTime() < STEP_UP_MS;

/** Refuse text the site cannot store or send (see `acceptable-text`) anywhere in an input. */
function checkText(input: unknown): void {
  const fault = findTextFault(input);
  if (fault) throw invalid(fault.message, fault.field || undefined);
}

/**
 * Input parsed with a route's schema, once its raw form passed the text check (all of a
 * query's values, a repeated name's too); with no schema, only the check.
 */
function parsed(schema: Schema, input: unknown, raw: unknown = input) {
  checkText(raw);
  return schema ? parseWith(schema, input) : undefined;
}

async function bodyOf(
  declaration: { body?: Schema; maxBytes?: number; form?: (fields: URLSearchParams) => unknown },
  request: Request,
  isForm: boolean,
) {
  const schema = declaration.body;
  if (!schema) return undefined;
  const maxBytes = declaration.maxBytes ?? 256 * 1024;
  if (isForm && declaration.form) {
    const fields = new URLSearchParams(await readBody(request, maxBytes));
    return parsed(schema, declaration.form(fields), fields);
  }
  // A declared body must be there: no body at all reads as nothing, which the schema judges.
  return parsed(schema, parseJson(await readBody(request, maxBytes)));
}

/**
 * Declare an `/api` endpoint: who may call it, the schemas of its parameters, query and
 * body, and the one service call it makes. Access is checked first (401, 403), then the
 * throttle, then input is parsed (400 naming the field, 413, 415): every text in it, read
 * by a schema or not, must pass `acceptable-text`. Then `run`; whatever it throws is
 * answered by the one error mapping in `errorResponse`.
 *
 * @example
 * export const GET = defineRoute({
 *   access: "public",
 *   params: slugParam,
 *   run: async ({ params, db }) => serializePost(await postBySlug(db, params.slug)),
 * });
 */
export function defineRoute<
  A extends Access,
  P extends Schema = undefined,
  Q extends Schema = undefined,
  B extends Schema = undefined,
>(declaration: RouteDeclaration<A, P, Q, B>): DeclaredRoute {
  const route: APIRoute = async (context) => {
    const isForm = Boolean(declaration.form) && contentType(context.request) === FORM;
    try {
      checkBodyType(declaration, context.request, isForm);
      const user = userFor(declaration.access, context.locals.user) as UserFor<A>;
      if (declaration.fresh && !isFresh(context.locals.provenAt)) throw reauthenticate();
      const client = clientAddress(context);
      if (declaration.throttle) {
        await throttle(db(), declaration.throttle.key(client), declaration.throttle.limit);
      }
      const input: RouteInput<A, P, Q, B> = {
        params: parsed(declaration.params, context.params) as Parsed<P>,
        query: parsed(
          declaration.query,
          Object.fromEntries(context.url.searchParams),
          context.url.searchParams,
        ) as Parsed<Q>,
        body: (await bodyOf(declaration, context.request, isForm)) as Parsed<B>,
        user,
        client,
        isForm,
        db: db(),
        context,
      };
      const result = await declaration.run(input);
      if (result instanceof Response) return result;
      // A write with nothing to tell answers `{ ok: true }`; a read's null ("none") stays null.
      return json(result === undefined ? { ok: true } : result, { status: declaration.status ?? 200 });
    } catch (error) {
      // Answered here even when the route answers itself, so an unexpected error is logged once, the same way.
      const response = errorResponse(error, routeName(context));
      return declaration.onError?.(error, { isForm }) ?? response;
    }
  };
  return Object.assign(route, { access: declaration.access, fresh: declaration.fresh ?? false });
}
