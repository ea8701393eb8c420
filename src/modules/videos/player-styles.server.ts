import { createHash } from "node:crypto";
import { PLAYER_ELEMENTS } from "./player-elements";

/** A CSP source naming one exact style by its SHA-256. */
type StyleHash = `sha256-${string}`;

let hashes: readonly StyleHash[] | undefined;

/**
 * The CSP hashes of the <style> elements in the player's shadow trees. The page's policy names
 * each style it may apply, and a shadow root's styles count too: without these the browser
 * refuses every one of Media Chrome's and the controls fall apart. Read from the library's own
 * templates, so an upgrade that changes a style changes its hash with it.
 */
export function playerStyleHashes(): readonly StyleHash[] {
  hashes ??= [
    ...new Set(
      PLAYER_ELEMENTS.flatMap((element) =>
        [...element.getTemplateHTML({}).matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map(
          ([, css = ""]): StyleHash => `sha256-${createHash("sha256").update(css).digest("base64")}`,
        ),
      ),
    ),
  ];
  return hashes;
}

/**
 * Let the player's shadow styles into the page's Content-Security-Policy. Called in the page's
 * own frontmatter: the policy is a header, sent before any component below it renders.
 */
export function allowPlayerStyles(csp: { insertStyleHash(hash: StyleHash): void } | undefined): void {
  for (const hash of playerStyleHashes()) csp?.insertStyleHash(hash);
}
