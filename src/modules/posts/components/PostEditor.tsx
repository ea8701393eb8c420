import { useQuery } from "@tanstack/react-query";
import type { FormProps } from "@/modules/editorial/components/manager-config";
import { postImagesKey } from "../keys";
import type { PostInput } from "../schema";
import type { AdminPostJson, PostImageJson } from "../serialize";
import { PostForm } from "./PostForm";

/** The post form, once an edited post's gallery has loaded (or with the gallery of the autosave it continues). */
export function PostEditor({ item, resumed, ...props }: FormProps<AdminPostJson, PostInput>) {
  const images = useQuery<PostImageJson[]>({
    queryKey: [postImagesKey(item?.id ?? 0)],
    enabled: item !== undefined,
  });
  if (item && images.isPending) return <p role="status">Loading...</p>;
  // An autosave continued brings its own gallery.
  const gallery = Array.isArray(resumed?.images) ? (resumed.images as PostImageJson[]) : images.data;
  return <PostForm key={item?.id ?? "new"} post={item} images={gallery} resumed={resumed} {...props} />;
}
