/** One post or video as a message shows it: every address absolute, since it is read far from the site. */
export interface IssueItem {
  kind: "post" | "video";
  id: number;
  title: string;
  summary: string;
  url: string;
  /**
   * The post's whole body, as HTML for mail (notes as endnotes, addresses absolute), when the
   * issue carries that post alone: the essay follows its summary. A digest carries summaries.
   */
  body?: string;
  /** A picture mail programs can show (a raster, not the SVG placeholder), if the item has one. */
  image?: { src: string; alt: string };
}
