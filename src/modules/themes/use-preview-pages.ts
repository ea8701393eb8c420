import { useQuery } from "@tanstack/react-query";
import type { PostJson } from "@/modules/posts/serialize";
import type { PreviewPage } from "./components/ThemePreview";

const BASE_PAGES: PreviewPage[] = [
  { label: "Home", path: "/" },
  { label: "Archive", path: "/archive" },
  { label: "Videos", path: "/videos" },
  { label: "About", path: "/about" },
];

/** The pages the theme preview offers: the site's main ones, and the newest post once it is known. */
export function usePreviewPages(): PreviewPage[] {
  const recent = useQuery<PostJson[]>({ queryKey: ["/api/posts/recent"] });
  const post = recent.data?.[0];
  return [
    ...BASE_PAGES.slice(0, 1),
    ...(post ? [{ label: `A post: ${post.title}`, path: `/post/${post.slug}` }] : []),
    ...BASE_PAGES.slice(1),
  ];
}
