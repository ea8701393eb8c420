import type { EnsureAdminResult } from "../src/modules/auth/admin-account.server.ts";

/** The lines telling a new owner how to sign in; a generated password is shown this once. */
export function adminBanner(admin: EnsureAdminResult, url: string): string[] {
  if (admin.status === "created" && admin.generatedPassword) {
    return [
      `Admin: sign in at ${url}/login as "${admin.username}" with the password ${admin.generatedPassword}`,
      "       This password is shown only once. Reset it any time with: npm run admin:create",
    ];
  }
  return [
    `Admin: sign in at ${url}/login as "${admin.username}".`,
    "       Forgot the password? Stop the server and run: npm run admin:create",
  ];
}
