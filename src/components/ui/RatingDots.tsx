/** A meh rating as five dots, read out as "Meh rating: n out of 5". */
export function RatingDots({ rating }: { rating: number }) {
  return (
    <span className="rating" role="img" aria-label={`Meh rating: ${rating} out of 5`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <span key={n} className={n <= rating ? "rating__dot rating__dot--on" : "rating__dot"} />
      ))}
    </span>
  );
}
