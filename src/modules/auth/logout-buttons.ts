import { logout } from "./client-session";

// Any element marked data-logout signs out (SPEC §4: then /login), asking first if an
// editor holds unsaved work.
for (const button of document.querySelectorAll("[data-logout]")) {
  button.addEventListener("click", () => void logout());
}
