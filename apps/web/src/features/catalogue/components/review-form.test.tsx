import { CATALOGUE_MSG } from '@bagshop/shared/catalogue-messages';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ReviewForm } from './review-form.tsx';

describe('review form (reviewSchema messages)', () => {
  it('asks for a rating and a few words', async () => {
    const user = userEvent.setup();
    const send = vi.fn(async () => true);
    render(<ReviewForm onSubmit={send} />);
    await user.click(screen.getByRole('button', { name: 'Submit review' }));

    expect(await screen.findByText(CATALOGUE_MSG.reviewRatingInvalid)).toBeTruthy();
    expect(screen.getByText(CATALOGUE_MSG.reviewTextRequired)).toBeTruthy();
    expect(screen.getByLabelText('Your review').getAttribute('aria-invalid')).toBe('true');
    expect(send).not.toHaveBeenCalled();
  });

  it('refuses a review longer than 500 characters', async () => {
    const user = userEvent.setup();
    const send = vi.fn(async () => true);
    render(<ReviewForm onSubmit={send} />);
    await user.click(screen.getByRole('radio', { name: '4 stars' }));
    await user.click(screen.getByLabelText('Your review'));
    await user.paste('a'.repeat(501));
    expect(screen.getByText('501/500')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Submit review' }));

    expect(await screen.findByText(CATALOGUE_MSG.reviewTextMax)).toBeTruthy();
    expect(screen.queryByText(CATALOGUE_MSG.reviewRatingInvalid)).toBeNull();
    expect(send).not.toHaveBeenCalled();
  });

  it('sends the rating as a number and the comment as typed, then empties the form', async () => {
    const user = userEvent.setup();
    const send = vi.fn(async () => true);
    render(<ReviewForm onSubmit={send} />);
    await user.click(screen.getByRole('radio', { name: '5 stars' }));
    await user.type(screen.getByLabelText('Your review'), '<b>Lovely</b> bag');
    await user.click(screen.getByRole('button', { name: 'Submit review' }));

    await waitFor(() => expect(send).toHaveBeenCalledWith({ rating: 5, comment: '<b>Lovely</b> bag' }));
    await waitFor(() => expect(screen.getByLabelText('Your review')).toHaveProperty('value', ''));
  });

  it('keeps the text when sending failed', async () => {
    const user = userEvent.setup();
    render(<ReviewForm onSubmit={async () => false} />);
    await user.click(screen.getByRole('radio', { name: '3 stars' }));
    await user.type(screen.getByLabelText('Your review'), 'Good');
    await user.click(screen.getByRole('button', { name: 'Submit review' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Submit review' })).toHaveProperty('disabled', false),
    );
    expect(screen.getByLabelText('Your review')).toHaveProperty('value', 'Good');
  });
});
