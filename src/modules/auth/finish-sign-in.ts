import { toastAfterNavigation } from "@/lib/pending-toast";
import { keepSafeMode } from "@/lib/theme-params";
import { forgetUser } from "./client-session";
import type { PublicUser } from "./user";
import { welcomeNotice } from "./welcome-notice";

/** Leave the sign-in page signed in: its notice for the next page, then where the user belongs. */
export function finishSignIn(user: PublicUser, recoveryCodesLeft?: number): void {
  forgetUser();
  // The page changes at once, so the next page shows this: the dashboard for an admin,
  // and for anyone else this page again, saying that the admin area needs an admin.
  toastAfterNavigation(welcomeNotice(user, recoveryCodesLeft));
  // Safe mode goes along, so a theme that hid the login form cannot hide the dashboard.
  const here = new URL(window.location.href);
  window.location.assign(keepSafeMode(user.role === "admin" ? "/admin" : "/login", here));
}
