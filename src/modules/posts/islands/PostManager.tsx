import { historyFields } from "@/modules/editorial/word-diff";
import { ItemManager } from "@/modules/items/components/ItemManager";
import { itemManagerConfig } from "@/modules/items/components/item-manager-config";
import { postPath } from "@/lib/paths";
import { PostEditor } from "../components/PostEditor";
import { POSTS_ENDPOINT } from "../keys";
import type { PostInput } from "../schema";
import type { AdminPostJson } from "../serialize";

const posts = itemManagerConfig<AdminPostJson, PostInput>({
  noun: "post",
  endpoint: POSTS_ENDPOINT,
  loadingText: "Loading posts...",
  failureNoun: "blog post",
  // The gallery is saved with its post, so a refused image fails the whole save.
  fieldFailed: { images: "Failed to save additional image." },
  publicPath: (post) => postPath(post.slug),
  historyFields: historyFields([
    { name: "excerpt", label: "Excerpt" },
    { name: "content", label: "Content" },
  ]),
  cover: (post) => post.imageUrl,
  card: { warm: "featured", summary: (post) => <p className="card__excerpt">{post.excerpt}</p> },
  form: (props) => <PostEditor {...props} />,
});

/** The post manager (SPEC §2 /admin/posts): list, view, edit, delete, and the post dialog. */
export default function PostManager({ startWithNew = false }: { startWithNew?: boolean }) {
  return <ItemManager config={posts} startWithNew={startWithNew} />;
}
