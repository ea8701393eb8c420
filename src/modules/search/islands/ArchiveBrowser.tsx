import { ListingBrowser } from "@/components/ListingBrowser";
import { totalOf } from "@/lib/format";
import type { ListingState } from "@/lib/listing-state";
import type { Page } from "@/lib/paging";
import { offlinePosts } from "@/modules/search/offline-source";
import { MatchingVideos } from "@/modules/search/components/MatchingVideos";
import { itemListing } from "@/modules/search/item-listing";
import type { VideoCardData } from "@/modules/videos/card";
import type { PostCardData } from "../../posts/card";
import { PostCard } from "../../posts/components/PostCard";
import { postsKey } from "../../posts/keys";
import { loadPostCards } from "../../posts/load-cards";

const found = (page: Pick<Page<PostCardData>, "total" | "capped">) => `${totalOf(page, "post")} found`;

const archive = itemListing<PostCardData>({
  noun: "posts",
  nothing: "No posts available",
  base: "/archive",
  searchLabel: "Search posts and videos",
  allLabel: "All Posts",
  skeletons: 6,
  loadingLabel: "Loading posts...",
  keyOf: postsKey,
  load: loadPostCards,
  offline: offlinePosts,
  render: (post) => <PostCard post={post} heading="h2" />,
  count: (page, { search }) => (search ? `${found(page)} for "${search}"` : found(page)),
  resetLabel: "View all posts",
});

/** The archive's island: search, category filter, count and grid, and the videos a search finds. */
export default function ArchiveBrowser(props: {
  initial: ListingState;
  initialPosts: Page<PostCardData>;
  initialVideos: Page<VideoCardData>;
}) {
  const initialMatches = { search: props.initial.search, videos: props.initialVideos };
  return (
    <ListingBrowser config={archive} initial={props.initial} initialPage={props.initialPosts}>
      {({ search }) => search && <MatchingVideos search={search} initial={initialMatches} />}
    </ListingBrowser>
  );
}
