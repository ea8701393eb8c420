import { defineRoute } from "@/lib/define-route.server";
import { idParam } from "@/lib/query-schemas";
import { removeRedirect } from "@/modules/imports/redirects.server";

/** Remove an old address: it is "not found" from now on. */
export const DELETE = defineRoute({
  access: "admin",
  params: idParam,
  run: async ({ db, params }) => {
    await removeRedirect(db, params.id);
  },
});
