/** Placeholder cards while data loads in the browser (6 for posts, 3 for videos). */
export function CardSkeletons({ count, label }: { count: number; label: string }) {
  return (
    <div role="status" aria-live="polite">
      <span className="visually-hidden">{label}</span>
      <ul className="grid" aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <li key={i} className="card card--skeleton">
            <div className="skeleton skeleton--media" />
            <div className="card__body">
              <div className="skeleton skeleton--line" />
              <div className="skeleton skeleton--line skeleton--short" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
