import { readerFormRoute } from "@/modules/newsletter/link-routes.server";
import { resubscribe } from "@/modules/newsletter/newsletter.server";
import { sendJob } from "@/lib/job-registry";

// The way back in, from the page a reader lands on after leaving: to confirm again, by a
// message the queue sends (within the same bounds as a signup's), never straight to reading.
export const POST = readerFormRoute(
  "unsubscribe",
  "unsubscribe",
  async (db, id) => {
    const outcome = await resubscribe(db, id);
    if (outcome === "done") await sendJob("newsletter-confirmation", {});
    return outcome;
  },
  (outcome) => (outcome === "done" ? "back" : outcome),
);
