import { defineRoute } from "@/lib/define-route.server";
import { idParam, pageQuery } from "@/lib/query-schemas";
import { deleteIssue, issueLedger } from "@/modules/newsletter/issues.server";

const ledgerQuery = pageQuery.pick({ page: true, limit: true });

/** An issue, its counts and a page of its ledger: each reader's copy and the server's reply. */
export const GET = defineRoute({
  access: "admin",
  params: idParam,
  query: ledgerQuery,
  run: ({ params, query, db }) => issueLedger(db, params.id, query),
});

export const DELETE = defineRoute({
  access: "admin",
  params: idParam,
  run: ({ params, db }) => deleteIssue(db, params.id),
});
