import { useLayoutEffect, useState, type RefObject } from "react";
import { DESIGN_WIDTH } from "../defaults";

/**
 * The zoom at which the design's whole width fits the area `host` leaves for it, never above
 * its own size; followed as the window changes.
 */
export function useFitZoom(host: RefObject<HTMLElement | null>): number {
  const [zoom, setZoom] = useState(1);
  useLayoutEffect(() => {
    const area = host.current;
    if (!area) return;
    const fit = () => {
      // Whole percents, rounded down, so the fitted canvas never needs a sideways scroll.
      setZoom(Math.min(1, Math.floor((area.clientWidth / DESIGN_WIDTH) * 100) / 100));
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(area);
    return () => {
      observer.disconnect();
    };
  }, [host]);
  return zoom;
}
