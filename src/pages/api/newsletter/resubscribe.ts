import { readerFormRoute } from "@/modules/newsletter/link-routes.server";
import { resubscribe } from "@/modules/newsletter/newsletter.server";

// The way back in, from the page a reader lands on after leaving.
export const POST = readerFormRoute("unsubscribe", "unsubscribe", resubscribe, (outcome) =>
  outcome === "done" ? "back" : outcome,
);
