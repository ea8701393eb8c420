import type { ListingState } from "@/lib/listing-state";
import type { Page } from "@/lib/paging";
import type { PostCardData } from "@/modules/posts/card";
import type { VideoCardData } from "@/modules/videos/card";
import entry from "virtual:offline-search-entry";

type OfflineSearch = typeof import("./offline-search");

let loading: Promise<OfflineSearch> | undefined;

/**
 * The offline search's code, fetched by URL the first time a listing's API call fails: a
 * visitor whose searches all succeed downloads none of it (src/lib/entry-url-plugin.ts).
 */
function offlineSearch(): Promise<OfflineSearch> {
  loading ??= import(/* @vite-ignore */ entry) as Promise<OfflineSearch>;
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

/** The listings' offline sources: what the Pagefind index finds for a listing state. */
export const offlinePosts = async (state: ListingState): Promise<Page<PostCardData>> =>
  (await offlineSearch()).offlinePosts(state);
export const offlineVideos = async (state: ListingState): Promise<Page<VideoCardData>> =>
  (await offlineSearch()).offlineVideos(state);
