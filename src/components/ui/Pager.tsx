import type { MouseEvent } from "react";

interface PagerProps {
  page: number;
  pages: number;
  /** The address of a page; the links work without JavaScript. */
  hrefOf: (page: number) => string;
  /** When given, a choice is handled in place instead of by following the link. */
  onSelect?: (page: number) => void;
  /** The listing stopped counting (`Page.capped`): `pages` is how many at least, not the last. */
  more?: boolean;
}

/** Previous and next links between a listing's pages, and where the reader is; nothing for one page. */
export function Pager({ page, pages, hrefOf, onSelect, more = false }: PagerProps) {
  if (pages <= 1) return null;
  const go = (target: number) => (event: MouseEvent) => {
    if (!onSelect || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onSelect(target);
  };
  return (
    <nav className="pager" aria-label="Pages">
      {page > 1 ? (
        <a className="button button--quiet" rel="prev" href={hrefOf(page - 1)} onClick={go(page - 1)}>
          <span aria-hidden="true">← </span>Previous page
        </a>
      ) : (
        <span />
      )}
      <span className="pager__where meta" aria-current="page">
        {`Page ${page.toLocaleString("en-US")}${more ? "" : ` of ${pages.toLocaleString("en-US")}`}`}
      </span>
      {page < pages ? (
        <a className="button button--quiet" rel="next" href={hrefOf(page + 1)} onClick={go(page + 1)}>
          Next page<span aria-hidden="true"> →</span>
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}
