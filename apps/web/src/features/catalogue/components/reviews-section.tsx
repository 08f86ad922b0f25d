import type { ProductDetailDto } from '@bagshop/shared/catalogue-types';
import { SHOP_TIME_ZONE } from '@bagshop/shared/limits';
import { MSG } from '@bagshop/shared/messages';
import { lazy, Suspense } from 'react';
import { Spinner } from 'react-bootstrap';
import { Link, useLocation } from 'react-router';
import { RatingStars } from '../../../components/rating-stars.tsx';

// The form and its validation load only for a signed-in shopper who can still review.
const ReviewForm = lazy(async () => ({ default: (await import('./review-form.tsx')).ReviewForm }));

interface ReviewsSectionProps {
  product: ProductDetailDto;
  signedIn: boolean;
  onSubmit: (values: { rating: number; comment: string }) => Promise<boolean>;
}

export const reviewDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: SHOP_TIME_ZONE,
  });

/** Average, the reviews (plain text, newest first) and the form for shoppers who have not reviewed yet. */
export function ReviewsSection({ product, signedIn, onSubmit }: ReviewsSectionProps) {
  const location = useLocation();
  return (
    <section aria-labelledby="reviews-title" className="mt-5 below-first-screen">
      <h2 id="reviews-title" className="h4 mb-3">
        Reviews
      </h2>
      <div className="d-flex align-items-center gap-2 mb-4">
        <span className="display-6 fw-semibold">{product.rating.toFixed(1)}</span>
        <RatingStars value={product.rating} />
        <span className="text-muted">
          {product.numReviews} {product.numReviews === 1 ? 'review' : 'reviews'}
        </span>
      </div>
      <div className="row g-4">
        <div className="col-lg-7">
          {product.reviews.length === 0 ? (
            <p className="text-muted">{MSG.noReviews}</p>
          ) : (
            <ul className="list-unstyled review-list">
              {product.reviews.map((review) => (
                <li key={review._id} className="review-item">
                  <div className="d-flex flex-wrap justify-content-between gap-2">
                    <strong>{review.name}</strong>
                    <time dateTime={review.createdAt} className="text-muted small">
                      {reviewDate(review.createdAt)}
                    </time>
                  </div>
                  <RatingStars value={review.rating} />
                  <p className="mb-0 mt-1 review-comment">{review.comment}</p>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="col-lg-5">
          <div className="review-box p-3 p-md-4">
            <h3 className="h5">Write a review</h3>
            {!signedIn ? (
              <p className="mb-0">
                <Link to="/login" state={{ from: location }}>
                  Sign in
                </Link>{' '}
                to review this product.
              </p>
            ) : product.reviewedByMe ? (
              <p className="mb-0 text-muted">Thank you — you have reviewed this product.</p>
            ) : (
              <Suspense
                fallback={
                  <div className="review-form-fallback" role="status">
                    <Spinner animation="border" size="sm" aria-hidden="true" />
                    <span className="visually-hidden">Loading the review form…</span>
                  </div>
                }
              >
                <ReviewForm onSubmit={onSubmit} />
              </Suspense>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
