import type { Toast } from "@/lib/toast";
import type { PublicUser } from "./user";

/** At or below this many recovery codes left, the welcome warns to make new ones. */
const FEW_RECOVERY_CODES = 3;

/**
 * The notice a sign-in ends with. A recovery code is spent once used, so after one the
 * notice says how many are left, and warns while few are: with none, a lost phone locks
 * the owner out.
 * @example welcomeNotice({ username: "owner", role: "admin" }, 9).description // "Welcome back, owner! 9 recovery codes left."
 */
export function welcomeNotice(user: PublicUser, recoveryCodesLeft?: number): Toast {
  const welcome = `Welcome back, ${user.username}!`;
  if (recoveryCodesLeft === undefined) return { title: "Login successful", description: welcome };
  const left =
    recoveryCodesLeft === 0
      ? "No recovery codes left"
      : `${recoveryCodesLeft} recovery ${recoveryCodesLeft === 1 ? "code" : "codes"} left`;
  if (recoveryCodesLeft > FEW_RECOVERY_CODES) return { title: "Login successful", description: `${welcome} ${left}.` };
  return {
    title: left,
    description: `${welcome} Make new recovery codes on your account page before you need one.`,
    variant: "destructive",
  };
}
