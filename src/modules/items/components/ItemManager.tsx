import { QueryClientProvider } from "@tanstack/react-query";
import { getQueryClient } from "@/lib/query-client";
import { ManagerShell } from "@/modules/editorial/components/ManagerShell";
import type { ManagedItem, ManagerConfig } from "@/modules/editorial/components/manager-config";

/** A kind's manager island: its config in the shared shell, with the page's query client. */
export function ItemManager<T extends ManagedItem, I>({
  config,
  startWithNew,
}: {
  config: ManagerConfig<T, I>;
  startWithNew: boolean;
}) {
  return (
    <QueryClientProvider client={getQueryClient()}>
      <ManagerShell config={config} startWithNew={startWithNew} />
    </QueryClientProvider>
  );
}
