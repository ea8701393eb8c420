import { expect, it } from "vitest";
import { isOptimizable, resizedUrl, srcSet } from "./image-url";

it("resizes only our own uploaded rasters", () => {
  expect(isOptimizable("/uploads/seed/a.jpg")).toBe(true);
  expect(isOptimizable("/uploads/seed/a.WEBP")).toBe(true);
  expect(isOptimizable("/images/placeholder.svg")).toBe(false);
  expect(isOptimizable("https://elsewhere.example/a.jpg")).toBe(false);
});

it("builds the image endpoint's URL", () => {
  expect(resizedUrl("/uploads/a b.jpg", 320, 180)).toBe(
    "/_image?href=%2Fuploads%2Fa+b.jpg&w=320&h=180&f=webp&fit=cover",
  );
});

it("keeps the aspect ratio across the srcset", () => {
  expect(srcSet("/uploads/a.jpg", { width: 16, height: 9 }, [320, 640])).toBe(
    "/_image?href=%2Fuploads%2Fa.jpg&w=320&h=180&f=webp&fit=cover 320w, /_image?href=%2Fuploads%2Fa.jpg&w=640&h=360&f=webp&fit=cover 640w",
  );
});
