import { defineRoute } from "@/lib/define-route.server";
import { contentType, parseWith, readBody, seeOther } from "@/lib/http.server";
import { actOnLink, landing, READER_PAGES, tokenSchema } from "@/modules/newsletter/link-routes.server";
import { unsubscribeSubscriber } from "@/modules/newsletter/newsletter.server";

const linkQuery = tokenSchema.partial();
const MAX_BYTES = 4096;

/** A form's fields, URL-encoded or multipart: RFC 8058 lets a mail program send either. */
async function formFields(request: Request): Promise<URLSearchParams> {
  const type = contentType(request);
  const body = await readBody(request, MAX_BYTES);
  if (type !== "multipart/form-data") return new URLSearchParams(body);
  const form = await new Response(body, { headers: { "Content-Type": request.headers.get("Content-Type") ?? "" } })
    .formData()
    .catch(() => new FormData());
  const fields = new URLSearchParams();
  for (const [name, value] of form) if (typeof value === "string") fields.append(name, value);
  return fields;
}

// The List-Unsubscribe address of every message. Opened in a browser, it leads to the page
// with the button.
export const GET = defineRoute({
  access: "public",
  query: tokenSchema,
  run: ({ query }) => seeOther(`${READER_PAGES.unsubscribe}?token=${encodeURIComponent(query.token)}`),
});

// A mail program's one-click POST (RFC 8058: `List-Unsubscribe=One-Click`, the token in the
// address, no cookie, from no page of ours: the one POST the origin check lets through),
// or the page's own button (the token in the form), which lands back on the page.
export const POST = defineRoute({
  access: "public",
  query: linkQuery,
  rawBody: true,
  maxBytes: MAX_BYTES,
  run: async ({ query, db, context }) => {
    const fields = await formFields(context.request);
    const { token } = parseWith(tokenSchema, { token: fields.get("token") ?? query.token });
    const outcome = await actOnLink(db, "unsubscribe", token, unsubscribeSubscriber);
    if (fields.get("List-Unsubscribe") === "One-Click") return { outcome };
    return landing("unsubscribe", token, outcome);
  },
});
