/** A width and a height, in pixels. */
export interface Size {
  width: number;
  height: number;
}

/** Where to draw an image inside its element's box, and which part of the picture to show. */
export interface ImageFit {
  x: number;
  y: number;
  width: number;
  height: number;
  /** The part of the picture shown, in the picture's own pixels. */
  crop: { x: number; y: number; width: number; height: number };
}

const whole = (natural: Size) => ({ x: 0, y: 0, width: natural.width, height: natural.height });

function scaled(box: Size, natural: Size, scale: number): ImageFit {
  const width = natural.width * scale;
  const height = natural.height * scale;
  return { x: (box.width - width) / 2, y: (box.height - height) / 2, width, height, crop: whole(natural) };
}

// The picture at its own size, centred, and cut to the box where it is larger.
function unscaled(box: Size, natural: Size): ImageFit {
  const width = Math.min(natural.width, box.width);
  const height = Math.min(natural.height, box.height);
  return {
    x: (box.width - width) / 2,
    y: (box.height - height) / 2,
    width,
    height,
    crop: { x: (natural.width - width) / 2, y: (natural.height - height) / 2, width, height },
  };
}

/**
 * Draws a picture in a box as CSS `object-fit` would (the published page's images default
 * to `cover`), so the canvas shows what visitors will see.
 * @example fitImage("cover", { width: 200, height: 100 }, { width: 100, height: 100 }).crop // { x: 0, y: 25, width: 100, height: 50 }
 */
export function fitImage(objectFit: string | undefined, box: Size, natural: Size): ImageFit {
  if (natural.width <= 0 || natural.height <= 0) return { x: 0, y: 0, ...box, crop: whole(natural) };
  const fits = natural.width <= box.width && natural.height <= box.height;
  switch (objectFit?.toLowerCase()) {
    case "fill":
      return { x: 0, y: 0, ...box, crop: whole(natural) };
    case "contain":
      return scaled(box, natural, Math.min(box.width / natural.width, box.height / natural.height));
    case "none":
      return unscaled(box, natural);
    case "scale-down":
      return fits ? unscaled(box, natural) : fitImage("contain", box, natural);
    default: {
      const scale = Math.max(box.width / natural.width, box.height / natural.height);
      const width = box.width / scale;
      const height = box.height / scale;
      const crop = { x: (natural.width - width) / 2, y: (natural.height - height) / 2, width, height };
      return { x: 0, y: 0, ...box, crop };
    }
  }
}
