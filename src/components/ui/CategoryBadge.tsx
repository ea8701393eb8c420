/** A category as a badge linking to its listing; warm for videos, cool for posts. */
export function CategoryBadge({ category, href, warm = false }: { category: string; href: string; warm?: boolean }) {
  return (
    <a className={warm ? "badge badge--warm" : "badge"} href={href}>
      {category}
    </a>
  );
}
