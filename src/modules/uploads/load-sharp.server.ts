import type sharp from "sharp";

/**
 * sharp, loaded by the first image that needs it (Node keeps the module once loaded). Loading
 * it maps libvips and starts its threads, some 8 MB held from then on: a site answering pages
 * it has stored, or rendering pages that only link to images, never needs it.
 */
export async function loadSharp(): Promise<typeof sharp> {
  return (await import("sharp")).default;
}
