import { MSG } from '@bagshop/shared/messages';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderScreen } from '../../test/render.tsx';
import { ContactPage } from './contact-page.tsx';

afterEach(cleanup);

describe('contact page (docs/product.md §2 Contact, §5)', () => {
  it('shows the store email, phone and address', () => {
    renderScreen(<ContactPage />, { path: '/contact' });
    expect(screen.getByRole('link', { name: 'hello@bagshop.in' }).getAttribute('href')).toBe('mailto:hello@bagshop.in');
    expect(screen.getByRole('link', { name: /^\+91/ })).toBeTruthy();
    expect(screen.getByText(/Bengaluru/)).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Send us a message' })).toBeTruthy();
  });

  it("warns 'Please fill out all fields.' when a field is empty", async () => {
    const user = userEvent.setup();
    renderScreen(<ContactPage />, { path: '/contact' });
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByText('Please fill out all fields.')).toBeTruthy();
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Message').getAttribute('aria-invalid')).toBe('true');

    await user.type(screen.getByLabelText('Name'), 'Ravi');
    await user.type(screen.getByLabelText('Email'), 'ravi@example.in');
    expect(screen.getByText('Please fill out all fields.')).toBeTruthy();
    await user.type(screen.getByLabelText('Message'), 'Do you ship to Pune?');
    await waitFor(() => expect(screen.queryByText('Please fill out all fields.')).toBeNull());
  });

  it('refuses an email of a wrong format', async () => {
    const user = userEvent.setup();
    renderScreen(<ContactPage />, { path: '/contact' });
    await user.type(screen.getByLabelText('Name'), 'Ravi');
    await user.type(screen.getByLabelText('Email'), 'ravi@');
    await user.type(screen.getByLabelText('Message'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByText(MSG.emailInvalid)).toBeTruthy();
    expect(screen.queryByText(MSG.contactFillAll)).toBeNull();
  });
});
