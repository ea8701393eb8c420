import type sharp from "sharp";

let loading: Promise<typeof sharp> | undefined;

/**
 * sharp, loaded by the first image that needs it. Loading it maps libvips and starts its
 * threads, some 8 MB held from then on: a site answering pages it has stored, or rendering
 * pages that only link to images, never needs it.
 */
export function loadSharp(): Promise<typeof sharp> {
  loading ??= import("sharp").then((loaded) => loaded.default);
  return loading;
}
