import { QueryClientProvider } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { readableError } from "@/lib/api-request";
import { getQueryClient } from "@/lib/query-client";
import { toast } from "@/lib/toast";
import { fetchLayout } from "../layout-client";
import type { LayoutJson } from "../layout-json";
import HomeEditor from "./HomeEditor";
import { useDimmedPage } from "./use-dimmed-page";

/** 'Edit Page' / 'Exit Edit' around the editor; the layout is fetched when editing starts. */
export default function HomeLayoutEditor({ host }: { host: HTMLElement }) {
  const [mode, setMode] = useState<"off" | "loading" | "editing">("off");
  const [layout, setLayout] = useState<LayoutJson | null>(null);
  const entry = useRef<HTMLButtonElement>(null);
  const exited = useRef(false);
  useDimmedPage(host, mode === "editing");
  // Back from editing, the focus returns to the button that started it.
  useEffect(() => {
    if (mode !== "off" || !exited.current) return;
    exited.current = false;
    entry.current?.focus();
  }, [mode]);

  const start = async () => {
    setMode("loading");
    try {
      setLayout(await fetchLayout("home"));
      setMode("editing");
    } catch (error) {
      setMode("off");
      toast({
        title: "Loading failed",
        description: readableError(error, "The layout could not be loaded."),
        variant: "destructive",
      });
    }
  };

  if (mode === "editing")
    return (
      <QueryClientProvider client={getQueryClient()}>
        <HomeEditor
          initial={layout}
          onExit={() => {
            exited.current = true;
            setMode("off");
          }}
        />
      </QueryClientProvider>
    );
  return (
    <div className="home-editor__entry">
      <button
        ref={entry}
        type="button"
        className="button"
        aria-pressed={false}
        disabled={mode === "loading"}
        onClick={() => void start()}
      >
        {mode === "loading" ? "Loading layout..." : "Edit Page"}
      </button>
    </div>
  );
}
