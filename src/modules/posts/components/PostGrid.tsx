import type { PostCardData } from "../card";
import { PostCard } from "./PostCard";

/** Posts as a grid of cards. */
export function PostGrid({ posts }: { posts: PostCardData[] }) {
  return (
    <ul className="grid">
      {posts.map((post) => (
        <li key={post.id}>
          <PostCard post={post} />
        </li>
      ))}
    </ul>
  );
}
