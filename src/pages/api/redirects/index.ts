import { z } from "zod";
import { defineRoute } from "@/lib/define-route.server";
import { listRedirects } from "@/modules/imports/redirects.server";

/** Old addresses in path order, a page at a time after `after`. */
export const GET = defineRoute({
  access: "admin",
  query: z.object({ after: z.string().max(2000).optional() }),
  run: ({ db, query }) => listRedirects(db, query.after),
});
