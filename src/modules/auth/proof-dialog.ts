import { browserSupportsWebAuthn, startAuthentication } from "@simplewebauthn/browser";
import type { AuthenticationResponseJSON, PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import { apiRequest } from "@/lib/api-request";
import { toast } from "@/lib/toast";
import type { ProofMethod } from "./account-views";
import { passkeyProblem } from "./passkey-problem";
import { codesLeftText } from "./recovery-words";
import "./step-up.css";

// The "Confirm it's you" dialog, in plain DOM so that pages without React (a download
// link, a form post) can ask for a proof as the islands do.

type Proof = { password: string } | { code: string } | { passkey: AuthenticationResponseJSON };

interface Reauthenticated {
  freshUntil: string;
  recoveryCodesLeft?: number;
}

/** An element with its attributes and children. */
function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  element.append(...children);
  return element;
}

/** The field the dialog offers, by what the account accepts: a code when it has a second factor, else the password. */
function proofField(methods: readonly ProofMethod[]): { name: "code" | "password"; label: string } | undefined {
  const totp = methods.includes("totp");
  const recovery = methods.includes("recovery-code");
  if (totp && recovery) return { name: "code", label: "Code from your authenticator app, or a recovery code" };
  if (totp) return { name: "code", label: "Code from your authenticator app" };
  if (recovery) return { name: "code", label: "Recovery code" };
  if (methods.includes("password")) return { name: "password", label: "Your password" };
  return undefined;
}

/**
 * Ask the owner to prove it is them, by one of `methods` (GET /api/auth/proof). Resolves
 * true once the server took the proof, false when they cancel (Cancel, Escape).
 */
export function askForProof(methods: readonly ProofMethod[]): Promise<boolean> {
  const field = proofField(methods);
  const passkey = methods.includes("passkey") && browserSupportsWebAuthn();
  const error = el("p", { id: "step-up-error", class: "field-error step-up__error", role: "alert" });
  const input = field
    ? el("input", {
        id: "step-up-field",
        name: field.name,
        type: field.name === "password" ? "password" : "text",
        autocomplete: field.name === "password" ? "current-password" : "one-time-code",
        autocapitalize: "off",
        spellcheck: "false",
        "aria-describedby": "step-up-error",
        // The dialog opens with the focus here: typing a code is the one thing to do.
        autofocus: "",
      })
    : undefined;
  const passkeyButton = passkey
    ? el("button", { type: "button", class: "button step-up__passkey" }, "Use a passkey")
    : undefined;
  const confirm = el("button", { type: "submit", class: "button" }, "Confirm");
  const cancel = el("button", { type: "button", class: "button button--quiet" }, "Cancel");
  const form = el(
    "form",
    { class: "step-up__form", novalidate: "" },
    ...(input && field ? [el("div", { class: "field" }, el("label", { for: input.id }, field.label), input)] : []),
    error,
    el("div", { class: "form-actions" }, ...(input ? [confirm] : []), cancel),
  );
  if (!input) passkeyButton?.setAttribute("autofocus", "");
  const dialog = el(
    "dialog",
    { class: "step-up", "aria-labelledby": "step-up-title", "aria-describedby": "step-up-why" },
    el("h2", { id: "step-up-title" }, "Confirm it\u2019s you"),
    el(
      "p",
      { id: "step-up-why", class: "step-up__why" },
      "This one cannot be undone, so it wants a proof from the last 10 minutes. Humour us.",
    ),
    ...(passkeyButton ? [passkeyButton] : []),
    ...(passkeyButton && input ? [el("p", { class: "step-up__or" }, "or")] : []),
    form,
  );

  return new Promise((resolve) => {
    let proven = false;
    const busy = (on: boolean) => {
      for (const control of [confirm, passkeyButton, input]) if (control) control.disabled = on;
    };
    const failed = (message: string) => {
      error.textContent = message;
      input?.setAttribute("aria-invalid", "true");
      busy(false);
      input?.select();
    };
    const send = async (proof: () => Promise<Proof>, fallback: string) => {
      busy(true);
      error.textContent = "";
      input?.removeAttribute("aria-invalid");
      try {
        const answer = await apiRequest<Reauthenticated>("POST", "/api/auth/reauthenticate", await proof());
        proven = true;
        dialog.close();
        if (answer.recoveryCodesLeft !== undefined) {
          toast({ title: "Recovery code used", description: codesLeftText(answer.recoveryCodesLeft) });
        }
      } catch (failure) {
        failed(passkeyProblem(failure, fallback));
      }
    };

    passkeyButton?.addEventListener("click", () => {
      void send(async () => {
        const { options } = await apiRequest<{ options: PublicKeyCredentialRequestOptionsJSON }>(
          "POST",
          "/api/auth/reauthenticate/options",
          {},
        );
        return { passkey: await startAuthentication({ optionsJSON: options }) };
      }, "The passkey could not be checked. Try again.");
    });
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      // A password is sent as typed; a code's spaces are the server's to ignore.
      const value = input?.value ?? "";
      if (!field || !value.trim()) {
        failed(field?.name === "password" ? "Type your password." : "Type a code.");
        return;
      }
      const proof: Proof = field.name === "password" ? { password: value } : { code: value };
      void send(() => Promise.resolve(proof), "That did not work. Try again.");
    });
    // Cancel, Escape (the browser closes a modal dialog on it) and a proof taken all end here.
    cancel.addEventListener("click", () => {
      dialog.close();
    });
    dialog.addEventListener(
      "close",
      () => {
        dialog.remove();
        resolve(proven);
      },
      { once: true },
    );
    document.body.append(dialog);
    dialog.showModal();
  });
}
