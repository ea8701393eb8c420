import type { Db } from "@/lib/db.server";
import { FIRST_PAGE, type Page, type PageRequest } from "@/lib/paging";
import { searchedPostCard, type PostCardData } from "@/modules/posts/card";
import { searchPosts } from "@/modules/posts/posts.server";
import { searchedVideoCard, type VideoCardData } from "@/modules/videos/card";
import { searchVideos } from "@/modules/videos/videos.server";

/** What a search of the whole site shows: a page of posts, and the first page of videos under them. */
export interface SiteSearch {
  posts: Page<PostCardData>;
  videos: Page<VideoCardData>;
}

/**
 * A search of the whole site as the archive page shows it: the `page` of posts and the first
 * page of videos matching `term`, each as its card with where the term was found.
 */
export async function searchSite(db: Db, term: string, page: PageRequest): Promise<SiteSearch> {
  const [posts, videos] = await Promise.all([searchPosts(db, term, page), searchVideos(db, term, FIRST_PAGE)]);
  return {
    posts: { ...posts, items: posts.items.map(searchedPostCard(term)) },
    videos: { ...videos, items: videos.items.map(searchedVideoCard(term)) },
  };
}
