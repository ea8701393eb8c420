/** Jekyll's named permalink styles, and `date`, its default (jekyllrb.com/docs/permalinks). */
const STYLES: Readonly<Record<string, string>> = {
  date: "/:categories/:year/:month/:day/:title:output_ext",
  pretty: "/:categories/:year/:month/:day/:title/",
  ordinal: "/:categories/:year/:y_day/:title:output_ext",
  weekdate: "/:categories/:year/W:week/:short_day/:title:output_ext",
  none: "/:categories/:title:output_ext",
};

const two = (n: number): string => String(n).padStart(2, "0");

/**
 * The address Jekyll gave a post under the site's `permalink` setting (a style's name or a
 * pattern), or null when the pattern uses a placeholder this does not know.
 * @example jekyllPermalink("pretty", { slug: "a", day: new Date("2019-05-01"), categories: ["Life"] }) // "/life/2019/05/01/a/"
 */
export function jekyllPermalink(
  setting: string | null,
  post: { slug: string; day: Date; categories: string[] },
): string | null {
  const pattern = STYLES[setting ?? "date"] ?? setting ?? "";
  const { day } = post;
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  const values: Record<string, string> = {
    year: String(day.getUTCFullYear()),
    short_year: String(day.getUTCFullYear()).slice(2),
    month: two(day.getUTCMonth() + 1),
    i_month: String(day.getUTCMonth() + 1),
    day: two(day.getUTCDate()),
    i_day: String(day.getUTCDate()),
    y_day: String(Math.floor((day.getTime() - yearStart) / 86_400_000) + 1).padStart(3, "0"),
    title: post.slug,
    slug: post.slug,
    // Jekyll writes categories into the address lowercased, once each.
    categories: [...new Set(post.categories.map((category) => encodeURI(category.toLowerCase())))].join("/"),
    output_ext: ".html",
  };
  const keys = [...pattern.matchAll(/:([a-z_]+)/g)].map((match) => match[1] ?? "");
  if (keys.some((key) => !(key in values))) return null;
  return pattern.replace(/:([a-z_]+)/g, (_all, key: string) => values[key] ?? "").replace(/\/{2,}/g, "/");
}
