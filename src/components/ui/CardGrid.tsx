import type { ReactNode } from "react";

/** Items as a grid of cards, each drawn by `card`. */
export function CardGrid<T extends { id: number }>({
  items,
  card,
}: {
  items: readonly T[];
  card: (item: T) => ReactNode;
}) {
  return (
    <ul className="grid">
      {items.map((item) => (
        <li key={item.id}>{card(item)}</li>
      ))}
    </ul>
  );
}
