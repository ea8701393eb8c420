import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest, readableError } from "@/lib/api-request";
import { toast } from "@/lib/toast";
import { currentThemeKey, revisionsKey } from "./keys";
import type { RevisionJson, ThemeJson } from "./serialize";
import type { DraftAction } from "./theme-document";
import { THEME_CHANNEL } from "@/lib/theme-params";

export interface ThemeSaving {
  save: (body: { cssContent: string; name: string }) => void;
  saving: boolean;
  /** Makes an earlier revision live again, as a new one. */
  restore: (revision: RevisionJson) => void;
  /** Makes the default theme live again, as a new revision. */
  reset: () => void;
  /** A save, restore or reset is on its way. */
  busy: boolean;
}

interface Options {
  dispatch: (action: DraftAction) => void;
  /** After a save of the draft: the next save gets a new name. */
  onSaved: () => void;
  /** After any theme became live. */
  onLive: () => void;
}

/** Tell every admin page open in this browser that the theme changed (they reload it, SPEC §4). */
function announceSave(): void {
  const channel = new BroadcastChannel(THEME_CHANNEL);
  channel.postMessage("saved");
  channel.close();
}

/** What the CSS editor asks of the server: saving the draft, and restoring or resetting the live theme. */
export function useThemeSaving({ dispatch, onSaved, onLive }: Options): ThemeSaving {
  const queryClient = useQueryClient();
  /** A theme the server made live: the editor starts over from it, and other admin pages follow. */
  const becameLive = async (theme: ThemeJson) => {
    queryClient.setQueryData([currentThemeKey], theme);
    announceSave();
    onLive();
    await queryClient.invalidateQueries({ queryKey: [revisionsKey] });
  };

  const save = useMutation({
    mutationFn: (body: { cssContent: string; name: string }) => apiRequest<ThemeJson>("POST", "/api/css/save", body),
    onSuccess: async (theme, body) => {
      dispatch({ type: "saved", css: body.cssContent });
      onSaved();
      toast({ title: "CSS Saved", description: "Your styling changes have been applied successfully." });
      await becameLive(theme);
    },
    onError: (error) => {
      toast({
        title: "Error",
        description: `Failed to save CSS changes. ${readableError(error, "")}`.trim(),
        variant: "destructive",
      });
    },
  });
  const replace = useMutation({
    mutationFn: (action: { kind: "restore"; revision: RevisionJson } | { kind: "reset" }) =>
      action.kind === "reset"
        ? apiRequest<ThemeJson>("POST", "/api/css/reset")
        : apiRequest<ThemeJson>("POST", `/api/css/revisions/${action.revision.id}/restore`),
    onSuccess: async (theme, action) => {
      dispatch({ type: "loaded", css: theme.cssContent });
      toast(
        action.kind === "reset"
          ? { title: "Theme reset", description: "The default theme is live again." }
          : { title: "Theme restored", description: `“${action.revision.name}” is live again.` },
      );
      await becameLive(theme);
    },
    onError: (error) => {
      toast({
        title: "Error",
        description: readableError(error, "Failed to save CSS changes."),
        variant: "destructive",
      });
    },
  });

  return {
    save: (body) => {
      save.mutate(body);
    },
    saving: save.isPending,
    restore: (revision) => {
      replace.mutate({ kind: "restore", revision });
    },
    reset: () => {
      replace.mutate({ kind: "reset" });
    },
    busy: save.isPending || replace.isPending,
  };
}
