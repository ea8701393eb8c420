import { defineRoute, isFresh } from "@/lib/define-route.server";
import { accountFactors, proofMethods } from "@/modules/auth/factors.server";

/** Whether what cannot be undone is open to this session now, and what would prove who holds it. */
export const GET = defineRoute({
  access: "signed-in",
  run: async ({ db, user, context }) => ({
    fresh: isFresh(context.locals.provenAt),
    methods: proofMethods(await accountFactors(db, user.id)),
  }),
});
