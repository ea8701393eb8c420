import { ApiError, apiRequest } from "@/lib/api-request";
import type { ProofMethod } from "./account-views";
import { askForProof } from "./proof-dialog";

// Actions that cannot be undone (a new password, a factor removed, everything downloaded)
// want a proof of the owner from the last 10 minutes: a stolen session cookie alone cannot
// take the account over. The server refuses with 403 "reauthenticate"; this asks and retries.

/** The owner closed the "Confirm it's you" dialog: nothing went wrong, and nothing need be said. */
export class ProofCancelled extends Error {
  constructor() {
    super("The owner did not confirm it was them");
    this.name = "ProofCancelled";
  }
}

/** Whether `error` is the owner's own Cancel, which callers pass over quietly. */
export const isProofCancelled = (error: unknown): boolean => error instanceof ProofCancelled;

/** Whether `error` is the server asking for a fresh proof. */
const wantsProof = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 403 && error.code === "reauthenticate";

interface ProofState {
  fresh: boolean;
  methods: ProofMethod[];
}

let asking: Promise<boolean> | undefined;

/** Ask for a proof; actions refused together (two buttons in a row) share one dialog. */
function prove(methods: readonly ProofMethod[]): Promise<boolean> {
  asking ??= askForProof(methods).finally(() => {
    asking = undefined;
  });
  return asking;
}

/**
 * Run `action`; if the server wants a fresh proof first, ask the owner for one and run it
 * once more. Rejects with `ProofCancelled` when they cancel.
 * @example await withFreshProof(() => apiRequest("DELETE", "/api/account/totp"));
 */
export async function withFreshProof<T>(action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (!wantsProof(error)) throw error;
  }
  const { methods } = await apiRequest<ProofState>("GET", "/api/auth/proof");
  if (!(await prove(methods))) throw new ProofCancelled();
  return action();
}

/**
 * Make sure a proof is fresh before a link or a form post the page cannot retry (a file
 * download): asks the server, and the owner only when it is not. False when they cancel.
 */
export async function ensureFreshProof(): Promise<boolean> {
  const { fresh, methods } = await apiRequest<ProofState>("GET", "/api/auth/proof");
  return fresh || prove(methods);
}
