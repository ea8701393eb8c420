import type { Root } from "hast";
import { visit } from "unist-util-visit";
import { PLACEHOLDER_IMAGE } from "@/lib/image-url";

const WEB = /^https?:/i;

/** Whether `src` is a file of this site: a path, never another host (`//host/x` is one). */
const onSite = (src: string): boolean => src.startsWith("/") && !src.startsWith("//");

/**
 * What points off the site: a link to the web opens in the same tab and gives the page it
 * opens no handle on this one (`rel="noopener"`); an image from another site shows the
 * placeholder, as covers do, since the site's CSP loads images from itself alone.
 */
export function rehypeOutsideLinks() {
  return (tree: Root) => {
    visit(tree, "element", (node) => {
      const { href, src } = node.properties;
      if (node.tagName === "a" && typeof href === "string" && WEB.test(href)) node.properties.rel = ["noopener"];
      if (node.tagName === "img") {
        node.properties.src = typeof src === "string" && onSite(src) ? src : PLACEHOLDER_IMAGE;
        node.properties.loading = "lazy";
      }
    });
  };
}
