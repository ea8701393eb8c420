import { defineRoute } from "@/lib/define-route.server";
import { serializeUser } from "@/modules/auth/serialize";

export const GET = defineRoute({
  access: "signed-in",
  run: ({ user }) => ({ user: serializeUser(user) }),
});
