interface RatingStarsProps {
  /** Average rating, 0–5. */
  value: number;
  /** Number of reviews; shown in brackets when given. */
  count?: number;
  className?: string;
}

/** Five stars filled to the average (to the tenth), read out as "Rated 4.3 out of 5". */
export function RatingStars({ value, count, className }: RatingStarsProps) {
  const rating = Math.min(5, Math.max(0, Math.round(value * 10) / 10));
  const label =
    count === undefined
      ? `Rated ${rating} out of 5`
      : `Rated ${rating} out of 5, ${count} ${count === 1 ? 'review' : 'reviews'}`;
  return (
    <span className={['rating', className].filter(Boolean).join(' ')} role="img" aria-label={label}>
      <span className="rating-stars" aria-hidden="true">
        <span className="rating-stars-empty">★★★★★</span>
        <span className="rating-stars-full" style={{ width: `${(rating / 5) * 100}%` }}>
          ★★★★★
        </span>
      </span>
      {count !== undefined && (
        <span className="rating-count" aria-hidden="true">
          ({count})
        </span>
      )}
    </span>
  );
}
