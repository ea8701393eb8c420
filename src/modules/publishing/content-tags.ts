/** What a page shows, named so a change to it can drop exactly the pages that show it. */
export type ContentTag =
  "posts" | "videos" | `post:${number}` | `video:${number}` | `layout:${string}` | "theme" | "redirects";

/**
 * The one place tags are spelled. Pages declare the tags of what they show; writes publish
 * the tags of what they changed (`changeOf`); a page is dropped when the two share a tag.
 */
export const tag = {
  /** Every listing of posts: home, archive, feeds, sitemap. */
  posts: "posts",
  /** Every listing of videos, including a video page's related videos. */
  videos: "videos",
  /** One post's own page. */
  post: (id: number) => `post:${id}` as const,
  /** One video's own page. */
  video: (id: number) => `video:${id}` as const,
  /** A page whose layout the owner designs. */
  layout: (pageName: string) => `layout:${pageName}` as const,
  /** Every page: the active stylesheet is linked from each. */
  theme: "theme",
  /** Every "not found" page: an old address made a redirect answers with its new page instead. */
  redirects: "redirects",
} as const;

/** What changed: the tags of the content a write touched. */
export interface ContentChange {
  tags: ContentTag[];
}

/** The change each kind of write publishes. */
export const changeOf = {
  /** A post created, updated or deleted: its page and every listing of posts. */
  post: (id: number): ContentChange => ({ tags: [tag.posts, tag.post(id)] }),
  /** Only a post's gallery: listings show no gallery. */
  postGallery: (postId: number): ContentChange => ({ tags: [tag.post(postId)] }),
  /** A video created, updated or deleted: its page and every listing of videos. */
  video: (id: number): ContentChange => ({ tags: [tag.videos, tag.video(id)] }),
  /** Another version of a page's design published, or none: that page alone. */
  layout: (pageName: string): ContentChange => ({ tags: [tag.layout(pageName)] }),
  /** Another theme made active: every page links the stylesheet by its version. */
  theme: (): ContentChange => ({ tags: [tag.theme] }),
  /** Old addresses added or removed: every stored "not found" page, as any may be one of them. */
  redirects: (): ContentChange => ({ tags: [tag.redirects] }),
  /** Changes nobody named (their notices were lost): anything, so every listing too. */
  unknown: (): ContentChange => ({ tags: [tag.posts, tag.videos, tag.theme] }),
};
