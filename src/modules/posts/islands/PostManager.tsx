import { EmailThis } from "@/modules/newsletter/components/EmailThis";
import { QueryClientProvider } from "@tanstack/react-query";
import { MEH_RATING } from "../../../../db/domain-constants.ts";
import { historyFields } from "@/modules/editorial/word-diff";
import { ManagerShell, type ManagerConfig } from "@/modules/editorial/components/ManagerShell";
import { formatDate } from "@/lib/format";
import { getQueryClient } from "@/lib/query-client";
import { postPath } from "@/lib/paths";
import { PostEditor } from "../components/PostEditor";
import { POSTS_ENDPOINT } from "../keys";
import type { PostInput } from "../schema";
import type { AdminPostJson } from "../serialize";

const posts: ManagerConfig<AdminPostJson, PostInput> = {
  endpoint: POSTS_ENDPOINT,
  heading: "Posts",
  newLabel: "New Post",
  loadingText: "Loading posts...",
  noun: "post",
  nounTitle: "Post",
  publicPath: (post) => postPath(post.slug),
  confirmDelete: "Are you sure you want to delete the post.",
  toasts: {
    created: "Post Created",
    updated: "Post Updated",
    deleted: "Post Deleted",
    createFailed: "Failed to create blog post.",
    updateFailed: "Failed to update blog post.",
    deleteFailed: "Failed to delete blog post.",
    // The gallery is saved with its post, so a refused image fails the whole save.
    fieldFailed: { images: "Failed to save additional image." },
  },
  published: (item) => <EmailThis field="postIds" itemId={item.id} noun="post" />,
  historyFields: historyFields([
    { name: "excerpt", label: "Excerpt" },
    { name: "content", label: "Content" },
  ]),
  cover: (item) => item.imageUrl,
  card: (post) => (
    <>
      <h2 className="card__title">{post.title}</h2>
      <p className="meta">
        <span className="badge">{post.category}</span>
        {post.featured && <span className="badge badge--warm">Featured</span>}
        <span>
          Meh Rating {post.mehRating}/{MEH_RATING.max}
        </span>
        {post.publishedAt && <span>{formatDate(post.publishedAt)}</span>}
      </p>
      <p className="card__excerpt">{post.excerpt}</p>
    </>
  ),
  form: (props) => <PostEditor {...props} />,
};

/** The post manager (SPEC §2 /admin/posts): list, view, edit, delete, and the post dialog. */
export default function PostManager({ startWithNew = false }: { startWithNew?: boolean }) {
  return (
    <QueryClientProvider client={getQueryClient()}>
      <ManagerShell config={posts} startWithNew={startWithNew} />
    </QueryClientProvider>
  );
}
