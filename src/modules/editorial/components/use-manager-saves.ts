import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError, apiRequest } from "@/lib/api-request";
import { toast } from "@/lib/toast";
import { savedNotice } from "../intent";
import type { Editing, ManagedItem, ManagerConfig } from "./manager-config";

/**
 * The manager's writes: save what the dialog holds (create or update), and delete an item,
 * each told in a notice and followed by the list read again. `renewScope` is called as a
 * save starts and `saved` once it is done.
 */
export function useManagerSaves<T extends ManagedItem, I>(
  config: ManagerConfig<T, I>,
  editing: Editing<T>,
  { renewScope, saved }: { renewScope: () => void; saved: () => void },
) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: [config.endpoint] });
  const save = useMutation({
    mutationFn: (input: I) =>
      editing?.mode === "edit"
        ? apiRequest<T>("PUT", `${config.endpoint}/${String(editing.item.id)}`, input)
        : apiRequest<T>("POST", config.endpoint, input),
    onMutate: renewScope,
    onSuccess: async (item) => {
      const before = editing?.mode === "edit" ? editing.item.status : undefined;
      toast({ title: savedNotice(config.nounTitle, before, item.status, config.toasts) });
      saved();
      await refresh();
    },
    onError: (error) => {
      const field = error instanceof ApiError ? (error.field ?? "") : "";
      const precise = Object.entries(config.toasts.fieldFailed ?? {}).find(([prefix]) => field.startsWith(prefix));
      const description =
        precise?.[1] ?? (editing?.mode === "edit" ? config.toasts.updateFailed : config.toasts.createFailed);
      toast({ title: "Error", description, variant: "destructive" });
    },
  });
  const remove = useMutation({
    mutationFn: (item: T) => apiRequest("DELETE", `${config.endpoint}/${String(item.id)}`),
    onSuccess: async () => {
      toast({ title: config.toasts.deleted });
      await refresh();
    },
    onError: () => {
      toast({ title: "Error", description: config.toasts.deleteFailed, variant: "destructive" });
    },
  });
  return { save, remove, refresh };
}
