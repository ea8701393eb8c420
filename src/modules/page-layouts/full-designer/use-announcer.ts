import { useCallback, useEffect, useState } from "react";

/**
 * What the designer's live region says. `say()` asks for a sentence once the change it
 * follows is drawn: its own words, or else `current`, the description of the selection as
 * it then stands. Nothing is said between requests, so a drag is not read out pixel by pixel.
 */
export function useAnnouncer(current: string) {
  const [spoken, setSpoken] = useState("");
  const [request, setRequest] = useState<{ n: number; text?: string }>({ n: 0 });
  const say = useCallback((text?: string) => {
    setRequest((previous) => ({ n: previous.n + 1, text }));
  }, []);
  useEffect(() => {
    // Only a new request speaks; `current` is read in the render that made it.
    if (request.n > 0) setSpoken(request.text ?? current);
  }, [request]);
  return { spoken, say };
}
