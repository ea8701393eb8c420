import type { Root } from "hast";
import { eachElement } from "./hast";
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
    eachElement(tree, (node) => {
      const { href, src } = node.properties;
      if (node.tagName === "a" && typeof href === "string" && WEB.test(href)) node.properties.rel = ["noopener"];
      if (node.tagName === "img") {
        node.properties.src = typeof src === "string" && onSite(src) ? src : PLACEHOLDER_IMAGE;
        node.properties.loading = "lazy";
      }
    });
  };
}

/**
 * Every link and image of the site's own made absolute, for a body read far from the site (a
 * letter, a feed reader); a link within the body (`#p1-fn-1`) stays as it is.
 */
export function rehypeAbsoluteUrls(siteUrl: string) {
  return (tree: Root) => {
    eachElement(tree, (node) => {
      for (const name of ["href", "src"]) {
        const value = node.properties[name];
        if (typeof value === "string" && onSite(value)) node.properties[name] = new URL(value, siteUrl).href;
      }
    });
  };
}
