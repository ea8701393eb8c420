import { ApiError, apiRequest } from "@/lib/api-request";
import { toast } from "@/lib/toast";
import { SIGNUP_CONFIRM_NOTE, SIGNUP_INVALID } from "./signup-messages";

/** Set on a signup form once its submit is handled here, so a test (or a style) can tell. */
export const ENHANCED_ATTRIBUTE = "data-enhanced";

/**
 * The signup form (SPEC §4) is plain HTML that posts to the endpoint and lands on a page
 * without JavaScript. Once this runs it takes over the submit: idle, submitting ('...'),
 * then a toast, the field cleared on success. It reads the field when Subscribe is pressed
 * and never replaces the form, so an address typed or autofilled before the script arrived
 * is sent like any other; and it leaves typed text in the field's value alone, out of the
 * markup a stylesheet's selectors match.
 */
export function enhanceSignupForm(form: HTMLFormElement): void {
  const field = form.elements.namedItem("email");
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const error = form.querySelector<HTMLElement>(".field-error");
  if (!(field instanceof HTMLInputElement) || !button || !error) return;
  const label = button.textContent;
  let pending = false;

  const showError = (message: string | undefined) => {
    error.textContent = message ?? "";
    error.hidden = message === undefined;
    if (message === undefined) field.removeAttribute("aria-invalid");
    else field.setAttribute("aria-invalid", "true");
  };
  const setPending = (value: boolean) => {
    pending = value;
    button.disabled = value;
    button.setAttribute("aria-busy", String(value));
    button.textContent = value ? "..." : label;
  };

  // The script says what is wrong beside the field, in the site's words, instead of the
  // browser's bubble (which still guards the form without JavaScript).
  form.noValidate = true;
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (field.value.trim() === "" || pending) return;
    // The field's own rules (an address, at most 254 characters) first; the server's schema decides.
    if (!field.checkValidity()) {
      showError(SIGNUP_INVALID);
      return;
    }
    showError(undefined);
    setPending(true);
    apiRequest("POST", form.action, { email: field.value })
      .then(() => {
        field.value = "";
        toast({
          title: "Successfully subscribed!",
          description: SIGNUP_CONFIRM_NOTE,
        });
      })
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.field === "email" && error.sentence) showError(error.sentence);
        else toast({ title: "Subscription failed", description: "Please try again later.", variant: "destructive" });
      })
      .finally(() => {
        setPending(false);
      });
  });
  form.setAttribute(ENHANCED_ATTRIBUTE, "");
}
