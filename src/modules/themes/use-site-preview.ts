import { useEffect, useRef } from "react";
import { openSitePreview } from "./draft-preview";

/**
 * Opens the site in a tab wearing `draft()` (`openSitePreview`); the tab opened last is
 * followed until the editor goes away.
 */
export function useSitePreview(draft: () => string): () => void {
  const stopFollowing = useRef<() => void>(() => undefined);
  useEffect(
    () => () => {
      stopFollowing.current();
    },
    [],
  );
  return () => {
    stopFollowing.current();
    stopFollowing.current = openSitePreview(draft);
  };
}
