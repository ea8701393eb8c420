/** How a session was made: the factor or factors proven at sign-in. */
export type SignInMethod = "password" | "passkey" | "password+totp" | "password+recovery-code";
/** What a second step or a re-authentication accepts. */
export type ProofMethod = "password" | "passkey" | "totp" | "recovery-code";

export interface PasskeyView {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}
export interface SessionView {
  current: boolean;
  method: SignInMethod;
  createdAt: string;
  lastSeenAt: string;
  device: string;
  address: string;
}
export interface SignInView {
  at: string;
  method: SignInMethod;
  device: string;
  address: string;
}
/** The owner's account as its page shows it. */
export interface AccountView {
  username: string;
  passkeys: PasskeyView[];
  /** An authenticator app is set up and confirmed. */
  totp: boolean;
  /** Unused recovery codes; 0 when none were made. */
  recoveryCodesLeft: number;
  /** Until when actions that cannot be undone need no new proof (ISO), or null when they need one now. */
  freshUntil: string | null;
  /** Newest first. */
  sessions: SessionView[];
  /** The latest 20, newest first. */
  signIns: SignInView[];
}

/** Words for a method, as the account page and the dashboard say them. */
export const METHOD_WORDS: Record<SignInMethod, string> = {
  password: "Password",
  passkey: "Passkey",
  "password+totp": "Password and authenticator app",
  "password+recovery-code": "Password and recovery code",
};
