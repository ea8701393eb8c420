import { PREVIEW_PARAM } from "../../lib/theme-params";

// Each document gets one sheet of its own: a constructed sheet can only be adopted by the
// document whose window made it.
const sheets = new WeakMap<Document, { sheet: CSSStyleSheet; css: string }>();

/**
 * Dress a page of the site in the draft theme, in place of the active one: its theme link
 * is removed and the draft adopted as a constructed stylesheet. No `<style>` is injected,
 * so the page's CSP, which allows no inline styles, holds; `@import` is ignored by design.
 */
export function applyDraft(doc: Document, css: string): void {
  const view = doc.defaultView;
  if (!view) return;
  for (const link of doc.querySelectorAll("link[data-theme-stylesheet]")) link.remove();
  const applied = sheets.get(doc);
  if (applied?.css === css) return;
  const sheet = applied?.sheet ?? new view.CSSStyleSheet();
  sheet.replaceSync(css);
  if (!applied) doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
  sheets.set(doc, { sheet, css });
}

/** A path of the site as the preview shows it: default theme underneath, frameable by the site. */
export function previewUrl(path: string): string {
  const url = new URL(path, window.location.origin);
  url.searchParams.set(PREVIEW_PARAM, "1");
  return url.pathname + url.search;
}

/**
 * Open the site in another tab wearing the draft, for the owner only: the draft lives in
 * this page and is laid over each page the tab shows, including pages reached by its links.
 * Returns a function that stops following the tab.
 */
export function openSitePreview(draft: () => string): () => void {
  const tab = window.open(previewUrl("/"), "theme-preview");
  if (!tab) return () => undefined;
  const timer = window.setInterval(() => {
    if (tab.closed) {
      window.clearInterval(timer);
      return;
    }
    try {
      if (tab.document.readyState !== "loading") applyDraft(tab.document, draft());
    } catch {
      // The tab went to another site: it is no longer ours to dress.
      window.clearInterval(timer);
    }
  }, 250);
  return () => {
    window.clearInterval(timer);
  };
}
