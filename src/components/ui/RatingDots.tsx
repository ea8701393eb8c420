import { MEH_RATING } from "../../../db/domain-constants.ts";

const DOTS = Array.from({ length: MEH_RATING.max }, (_, i) => i + 1);

/** A meh rating as five dots, read out as "Meh rating: n out of 5". */
export function RatingDots({ rating }: { rating: number }) {
  return (
    <span className="rating" role="img" aria-label={`Meh rating: ${rating} out of ${MEH_RATING.max}`}>
      {DOTS.map((n) => (
        <span key={n} className={n <= rating ? "rating__dot rating__dot--on" : "rating__dot"} />
      ))}
    </span>
  );
}
