/**
 * Any CSS colour the browser understands (`color-mix()`, `oklch(from …)`, a name) as the
 * `#rrggbb` a colour input can show, by painting one pixel with it; undefined when the
 * browser cannot read it (a `var()` left unresolved) or there is no canvas to paint on.
 */
let painter: CanvasRenderingContext2D | null | undefined;

export function colourAsHex(value: string): string | undefined {
  if (typeof document === "undefined" || !value.trim()) return undefined;
  // One pixel, made once: the Visual Editor asks on every render.
  painter ??= document.createElement("canvas").getContext("2d", { willReadFrequently: true });
  const context = painter;
  if (!context) return undefined;
  // Two different starting colours: a value the canvas refuses leaves each as it was.
  const painted = ["#000000", "#ffffff"].map((start) => {
    context.fillStyle = start;
    context.fillStyle = value;
    return context.fillStyle;
  });
  if (painted[0] !== painted[1]) return undefined;
  context.clearRect(0, 0, 1, 1);
  context.fillRect(0, 0, 1, 1);
  const [red = 0, green = 0, blue = 0] = context.getImageData(0, 0, 1, 1).data;
  return `#${[red, green, blue].map((channel) => channel.toString(16).padStart(2, "0")).join("")}`;
}

let probe: HTMLElement | undefined;

/**
 * A colour as the browser computes it, for what a canvas cannot read itself: a relative
 * colour (`oklch(from #7f98a6 min(l, 0.45) c h)`) computes to a plain one, which it can.
 */
export function computedColourAsHex(value: string): string | undefined {
  if (typeof document === "undefined" || !value.trim()) return undefined;
  probe ??= Object.assign(document.createElement("span"), { hidden: true });
  if (!probe.isConnected) document.body.append(probe);
  probe.style.color = "";
  probe.style.color = value;
  if (!probe.style.color) return colourAsHex(value);
  return colourAsHex(getComputedStyle(probe).color);
}
