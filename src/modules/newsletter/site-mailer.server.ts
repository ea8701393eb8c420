import { processValue } from "@/lib/process-value";
import { settings } from "@/lib/settings.server";
import { openMailer, type Mailer } from "./mailer.server";

// Opened on the first letter, so a process that sends none connects to no SMTP server.
const held = processValue<Promise<Mailer>>(import.meta.hot, "mailer", () => openMailer(settings().mail));

/** Where the newsletter's mail goes: SMTP_URL's server, or the outbox. */
export const siteMailer = (): Promise<Mailer> => held.get();

/** Use an already opened mailer (a test sends to an SMTP server of its own). */
export const useMailer = (mailer: Mailer): void => {
  held.set(Promise.resolve(mailer));
};
