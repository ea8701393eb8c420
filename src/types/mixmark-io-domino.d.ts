/**
 * The part of domino (the DOM turndown itself parses with, in Node) the importer uses. Its
 * own typings declare a module named `domino`, not the package's name, so they never apply.
 */
declare module "@mixmark-io/domino" {
  /** A whole document parsed from `html`, as a browser would parse it, without running anything in it. */
  export function createDocument(html?: string, force?: boolean): Document;
}
