import { useEffect, useState } from "react";
import { holdUnsavedWork } from "@/lib/unsaved-work";

/** Hold the page's unsaved-work guard while `unsaved` is true and the component is shown. */
export function useUnsavedWork(unsaved: boolean): void {
  const [holder] = useState(() => Symbol("editor"));
  useEffect(() => {
    holdUnsavedWork(holder, unsaved);
    return () => {
      holdUnsavedWork(holder, false);
    };
  }, [holder, unsaved]);
}
