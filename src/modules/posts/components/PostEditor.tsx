import { useQuery } from "@tanstack/react-query";
import { postImagesKey } from "../keys";
import type { PostInput } from "../schema";
import type { PostImageJson, PostJson } from "../serialize";
import { PostForm } from "./PostForm";

interface PostEditorProps {
  item?: PostJson;
  pending: boolean;
  onSubmit: (input: PostInput) => void;
  onCancel: () => void;
}

/** The post form, once an edited post's gallery has loaded. */
export function PostEditor({ item, ...props }: PostEditorProps) {
  const images = useQuery<PostImageJson[]>({
    queryKey: [postImagesKey(item?.id ?? 0)],
    enabled: item !== undefined,
  });
  if (item && images.isPending) return <p role="status">Loading...</p>;
  return <PostForm key={item?.id ?? "new"} post={item} images={images.data} {...props} />;
}
