import { readerFormRoute } from "@/modules/newsletter/link-routes.server";
import { confirmSubscriber } from "@/modules/newsletter/newsletter.server";

// The confirmation page's button. Only this POST confirms: a mail scanner that follows the
// message's link opens the page and confirms nobody.
export const POST = readerFormRoute("confirm", "confirm", confirmSubscriber);
