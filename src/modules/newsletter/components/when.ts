import { whenText } from "@/lib/format";

/** A time on the newsletter's screens, in the owner's own time as the post manager shows it; nothing for none. */
export const whenShown = (iso: string | null): string => (iso ? whenText(iso) : "");
