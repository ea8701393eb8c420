import { useEffect, useState } from "react";

/**
 * `value` once it has stayed the same for `waitMs`: what to ask the server about while
 * someone types, so a word costs one request rather than one per key.
 */
export function useSettledValue<T>(value: T, waitMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => {
      setSettled(value);
    }, waitMs);
    return () => {
      clearTimeout(timer);
    };
  }, [value, waitMs]);
  return settled;
}
