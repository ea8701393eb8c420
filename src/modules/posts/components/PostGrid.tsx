import { CardGrid } from "@/components/ui/CardGrid";
import type { PostCardData } from "../card";
import { PostCard } from "./PostCard";

/** Posts as a grid of cards. */
export function PostGrid({ posts }: { posts: PostCardData[] }) {
  return <CardGrid items={posts} card={(post) => <PostCard post={post} />} />;
}
