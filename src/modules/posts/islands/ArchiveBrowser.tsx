import { ListingBrowser, type ListingConfig } from "@/components/ListingBrowser";
import { apiRequest } from "@/lib/api-request";
import type { ListingState } from "@/lib/listing-state";
import { toPostCard, type PostCardData } from "../card";
import { PostCard } from "../components/PostCard";
import { postsKey } from "../keys";
import type { PostJson } from "../serialize";

const plural = (n: number) => `${n} ${n === 1 ? "post" : "posts"}`;

const archive: ListingConfig<PostCardData> = {
  base: "/archive",
  searchLabel: "Search posts",
  allLabel: "All Posts",
  skeletons: 6,
  loadingLabel: "Loading posts...",
  keyOf: postsKey,
  load: async (key, signal) => (await apiRequest<PostJson[]>("GET", key, undefined, signal)).map(toPostCard),
  idOf: (post) => post.id,
  render: (post) => <PostCard post={post} heading="h2" />,
  count: (n, { search }) => (search ? `${plural(n)} found for "${search}"` : `${plural(n)} found`),
  empty: ({ search, category }, failed) => {
    if (failed) return "Search failed";
    if (search) return `No posts found for "${search}"`;
    if (category) return `No posts found in "${category}" category`;
    return "No posts available";
  },
  resetLabel: "View all posts",
};

/** The archive's island: search, category filter, count and grid. */
export default function ArchiveBrowser(props: { initial: ListingState; initialPosts: PostCardData[] }) {
  return <ListingBrowser config={archive} initial={props.initial} initialItems={props.initialPosts} />;
}
