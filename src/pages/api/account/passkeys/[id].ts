import { z } from "zod";
import { defineRoute } from "@/lib/define-route.server";
import { renamePasskeySchema } from "@/modules/auth/factor-schemas";
import { factorRemoved } from "@/modules/auth/factors.server";
import { removePasskey, renamePasskey } from "@/modules/auth/passkeys.server";

const params = z.object({ id: z.string().min(1).max(1400) });

export const PATCH = defineRoute({
  access: "admin",
  params,
  body: renamePasskeySchema,
  maxBytes: 4096,
  run: async ({ db, user, params, body }) => ({ passkey: await renamePasskey(db, user.id, params.id, body.name) }),
});

/** Forget a passkey; with no factor left, the account is back to its password alone. */
export const DELETE = defineRoute({
  access: "admin",
  fresh: true,
  params,
  run: async ({ db, user, params }) => {
    await removePasskey(db, user.id, params.id);
    await factorRemoved(db, user.id);
  },
});
