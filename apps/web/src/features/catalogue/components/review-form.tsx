import { REVIEW_TEXT_MAX } from '@bagshop/shared/catalogue';
import { type ReviewInput, reviewSchema } from '@bagshop/shared/schemas/catalogue';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Form, Spinner } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

type ReviewValues = z.output<typeof reviewSchema>;

interface ReviewFormProps {
  /** Sends the review; answers true when it was saved (the form then empties). */
  onSubmit: (values: { rating: number; comment: string }) => Promise<boolean>;
}

const STAR_LABELS = ['1 star', '2 stars', '3 stars', '4 stars', '5 stars'];

/** Rating 1–5 and a comment of at most 500 characters, with the shared schema's messages. */
export function ReviewForm({ onSubmit }: ReviewFormProps) {
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ReviewInput, unknown, ReviewValues>({
    resolver: zodResolver(reviewSchema),
    defaultValues: { comment: '' },
  });
  const comment = String(watch('comment') ?? '');
  const rating = Number(watch('rating') ?? 0);

  const submit = handleSubmit(async ({ rating, comment }) => {
    if (await onSubmit({ rating, comment })) reset({ comment: '' });
  });

  return (
    <Form noValidate onSubmit={submit} aria-label="Write a review" className="review-form">
      <fieldset className="mb-3" aria-describedby={errors.rating ? 'review-rating-error' : undefined}>
        <legend className="form-label fs-6 mb-1">Your rating</legend>
        <div className="star-input">
          {STAR_LABELS.map((label, i) => {
            const value = i + 1;
            return (
              <span key={label}>
                <input
                  type="radio"
                  id={`review-rating-${value}`}
                  value={value}
                  className="visually-hidden"
                  aria-label={label}
                  {...register('rating')}
                />
                <label htmlFor={`review-rating-${value}`} className={value <= rating ? 'is-on' : undefined}>
                  <span aria-hidden="true">★</span>
                </label>
              </span>
            );
          })}
        </div>
        {errors.rating && (
          <div id="review-rating-error" className="invalid-feedback d-block">
            {errors.rating.message}
          </div>
        )}
      </fieldset>
      <Form.Group controlId="review-comment" className="mb-3">
        <Form.Label>Your review</Form.Label>
        <Form.Control
          as="textarea"
          rows={4}
          {...register('comment')}
          isInvalid={Boolean(errors.comment)}
          aria-invalid={errors.comment ? true : undefined}
          aria-describedby="review-comment-count review-comment-error"
        />
        <Form.Text id="review-comment-count" muted className={comment.length > REVIEW_TEXT_MAX ? 'text-danger' : ''}>
          {comment.length}/{REVIEW_TEXT_MAX}
        </Form.Text>
        <Form.Control.Feedback type="invalid" id="review-comment-error">
          {errors.comment?.message}
        </Form.Control.Feedback>
      </Form.Group>
      <Button type="submit" variant="brand" disabled={isSubmitting}>
        {isSubmitting && <Spinner size="sm" className="me-2" aria-hidden="true" />}
        Submit review
      </Button>
    </Form>
  );
}
