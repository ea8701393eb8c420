import { useEffect, useState } from "react";
import { PLACEHOLDER_IMAGE } from "@/lib/image-url";
import { imageSource } from "../published-layout";

// Every picture the canvas has loaded, by address: a re-render, an undo or a copy of an
// image element draws at once instead of loading again.
const loaded = new Map<string, Promise<HTMLImageElement>>();

function load(source: string): Promise<HTMLImageElement> {
  let picture = loaded.get(source);
  if (!picture) {
    picture = new Promise((resolve, reject) => {
      const image = new window.Image();
      image.onload = () => {
        resolve(image);
      };
      image.onerror = () => {
        loaded.delete(source);
        reject(new Error(`could not load ${source}`));
      };
      image.src = source;
    });
    loaded.set(source, picture);
  }
  return picture;
}

/**
 * The picture an image element shows on the canvas, once loaded: its own when it is one of
 * the site's, the placeholder when it is empty, elsewhere or cannot be loaded.
 */
export function useCanvasImage(content: string): HTMLImageElement | undefined {
  const source = imageSource(content);
  const [picture, setPicture] = useState<{ source: string; image: HTMLImageElement }>();
  useEffect(() => {
    let current = true;
    load(source)
      .catch(() => load(PLACEHOLDER_IMAGE))
      .then(
        (image) => {
          if (current) setPicture({ source, image });
        },
        () => undefined,
      );
    return () => {
      current = false;
    };
  }, [source]);
  return picture?.source === source ? picture.image : undefined;
}
