import { useMutation } from "@tanstack/react-query";
import type { Dispatch } from "react";
import { readableError } from "@/lib/api-request";
import { toast } from "@/lib/toast";
import { restoreVersion } from "./layout-client";
import type { LayoutAction } from "./layout-document";
import type { LayoutJson, LayoutVersionJson } from "./layout-json";
import type { LayoutSaving } from "./use-layout-saving";

export interface VersionRestore {
  /** Brings `version` back as the newest one, on the canvas too, and with `publish` makes it live; null when it failed. */
  restore: (version: LayoutVersionJson, publish: boolean) => Promise<LayoutJson | null>;
  pending: boolean;
}

/** Restoring a version from either editor's history (SPEC §4's toasts), and "Restore and publish". */
export function useVersionRestore(saving: LayoutSaving, dispatch: Dispatch<LayoutAction>): VersionRestore {
  const mutation = useMutation({
    mutationFn: (version: LayoutVersionJson) => {
      if (!saving.layout) throw new Error("The layout has not been saved yet.");
      return restoreVersion(saving.layout.id, version.id);
    },
  });
  const restore = async (version: LayoutVersionJson, publish: boolean): Promise<LayoutJson | null> => {
    let layout: LayoutJson;
    try {
      layout = await mutation.mutateAsync(version);
    } catch (error) {
      toast({
        title: "Restore Failed",
        description: readableError(error, "Failed to restore the version."),
        variant: "destructive",
      });
      return null;
    }
    dispatch({ type: "restore", elements: layout.elements });
    saving.adopt(layout);
    if (publish) await saving.publish(layout.versionId);
    else toast({ title: "Version Restored", description: "Layout has been restored to selected version." });
    return layout;
  };
  return { restore, pending: mutation.isPending };
}
