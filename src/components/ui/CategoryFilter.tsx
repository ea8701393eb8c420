import type { MouseEvent } from "react";
import { CATEGORIES, type Category } from "@/lib/categories";

interface CategoryFilterProps {
  /** The page the filter links to, e.g. "/archive"; links work without JavaScript. */
  base: string;
  current: Category | undefined;
  allLabel: string;
  /** When given, a choice is handled in place instead of by following the link. */
  onSelect?: (category: Category | undefined) => void;
}

/** The four categories as links, the current one marked. */
export function CategoryFilter({ base, current, allLabel, onSelect }: CategoryFilterProps) {
  const choose = (category: Category | undefined) => (event: MouseEvent) => {
    if (!onSelect || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onSelect(category);
  };
  const options: [Category | undefined, string][] = [
    [undefined, allLabel],
    ...CATEGORIES.map((c): [Category, string] => [c, c]),
  ];
  return (
    <nav aria-label="Filter by category" className="filter">
      <ul>
        {options.map(([category, label]) => (
          <li key={label}>
            <a
              href={category ? `${base}?category=${encodeURIComponent(category)}` : base}
              aria-current={category === current ? "page" : undefined}
              onClick={choose(category)}
            >
              {label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
