/**
 * Where things live on the site: the one place its paths are spelled, for links, feeds,
 * the sitemap and structured data alike.
 */

/** A post's page. @example postPath("the-sandwich-was-fine") // "/post/the-sandwich-was-fine" */
export const postPath = (slug: string): string => `/post/${encodeURIComponent(slug)}`;

/** A video's page. @example videoPath("ceiling-tiles-ranked") // "/videos/ceiling-tiles-ranked" */
export const videoPath = (slug: string): string => `/videos/${encodeURIComponent(slug)}`;

/** The archive filtered to one category (SPEC §2, "Category links"). */
export function categoryHref(category: string): string {
  return `/archive?category=${encodeURIComponent(category)}`;
}

/** The videos page filtered to one category. */
export function videoCategoryHref(category: string): string {
  return `/videos?category=${encodeURIComponent(category)}`;
}
