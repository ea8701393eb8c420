import { useEffect, useRef, useState } from "react";
import type { z } from "zod";

/** How long typing rests before the dialog's work is autosaved. */
export const AUTOSAVE_WAIT_MS = 3000;

/** What the manager learns of a form's autosave: when its work was last kept, and how to keep the rest now. */
export interface AutosaveState {
  savedAt: Date | null;
  flush: () => Promise<void>;
}

/**
 * Where a form autosaves, handed down by its manager: an edit to the item's autosave on the
 * site, a new item's work to this browser (`kept-new-work.ts`).
 */
export interface AutosaveTarget {
  where: "site" | "browser";
  /** Keep the form's work, its input as the form would send it; a failure leaves it unkept. */
  keep: (work: unknown) => Promise<unknown>;
  /** Whether work the form's schema refuses is kept too: a new item's first lines, which the site could not take. */
  unfinished?: boolean;
  /** When the form opened on an autosave it continues, that autosave's time. */
  resumedAt?: Date;
  onState: (state: AutosaveState) => void;
}

/**
 * Keep an edit form's work as the item's autosave once typing rests, never as the item:
 * only work the schema takes, and only when it differs from what was kept. `settled` is the
 * input the server holds, so the unsaved-work guard need not ask about it.
 */
export function useAutosave<I>(target: AutosaveTarget | undefined, schema: z.ZodType<I>, input: I) {
  const json = JSON.stringify(input);
  const [opened] = useState(json);
  const [kept, setKept] = useState<{ json: string; at: Date } | null>(() =>
    target?.resumedAt ? { json, at: target.resumedAt } : null,
  );
  const [failed, setFailed] = useState(false);
  const due =
    Boolean(target) &&
    json !== opened &&
    json !== kept?.json &&
    (target?.unfinished === true || schema.safeParse(input).success);
  const latest = useRef({ json, due });
  latest.current = { json, due };

  const keep = async (body: string) => {
    if (!target) return;
    try {
      await target.keep(JSON.parse(body));
      setKept({ json: body, at: new Date() });
      setFailed(false);
    } catch {
      setFailed(true);
    }
  };

  useEffect(() => {
    if (!due) return undefined;
    const timer = setTimeout(() => void keep(json), AUTOSAVE_WAIT_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [due, json]);

  useEffect(() => {
    target?.onState({
      savedAt: kept?.at ?? null,
      flush: async () => {
        if (latest.current.due) await keep(latest.current.json);
      },
    });
  }, [kept]);

  return { settled: kept?.json, savedAt: kept?.at ?? null, failed, where: target?.where ?? "site" };
}

/** What the form says of its autosave, under its buttons. */
export function autosaveText({
  savedAt,
  failed,
  where,
}: {
  savedAt: Date | null;
  failed: boolean;
  where: AutosaveTarget["where"];
}): string {
  if (failed && where === "browser") return "Not kept: this browser would not store it. Your work is still here.";
  if (failed) return "Not autosaved: the site did not answer. Your work is still here.";
  if (!savedAt) return "";
  const time = savedAt.toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit" });
  if (where === "browser") return `Kept in this browser at ${time}. It is on the site once you save it.`;
  return `Autosaved at ${time}. Visitors still see the last saved version.`;
}
