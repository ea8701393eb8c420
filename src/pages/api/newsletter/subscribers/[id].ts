import { defineRoute } from "@/lib/define-route.server";
import { idParam } from "@/lib/query-schemas";
import { deleteSubscriber } from "@/modules/newsletter/subscribers.server";

/** Remove a reader, and what the ledger knew of them. */
export const DELETE = defineRoute({
  access: "admin",
  params: idParam,
  run: ({ params, db }) => deleteSubscriber(db, params.id),
});
