import { MSG } from '@bagshop/shared/messages';
import type { UserDto } from '@bagshop/shared/types';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { afterEach, describe, expect, it } from 'vitest';
import { setCredentials } from '../../session/session-slice.ts';
import { renderScreen } from '../../test/render.tsx';
import { ContactPage } from './contact-page.tsx';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('contact page (docs/product.md §2 Contact, §5)', () => {
  it('shows the store email, phone and address', () => {
    renderScreen(<ContactPage />, { path: '/contact' });
    expect(screen.getByRole('link', { name: 'hello@bagshop.in' }).getAttribute('href')).toBe('mailto:hello@bagshop.in');
    expect(screen.getByRole('link', { name: /^\+91/ })).toBeTruthy();
    expect(screen.getByText(/Bengaluru/)).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Send us a message' })).toBeTruthy();
  });

  it("warns 'Please fill out all fields.' once when a field is empty", async () => {
    const user = userEvent.setup();
    renderScreen(
      <>
        <ContactPage />
        <ToastContainer />
      </>,
      { path: '/contact' },
    );
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByText('Please fill out all fields.')).toBeTruthy();
    // Give a toast its chance to show the same words a second time.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getAllByText('Please fill out all fields.')).toHaveLength(1);
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Message').getAttribute('aria-invalid')).toBe('true');

    await user.type(screen.getByLabelText('Name'), 'Ravi');
    await user.type(screen.getByLabelText('Email'), 'ravi@example.in');
    expect(screen.getByText('Please fill out all fields.')).toBeTruthy();
    await user.type(screen.getByLabelText('Message'), 'Do you ship to Pune?');
    await waitFor(() => expect(screen.queryByText('Please fill out all fields.')).toBeNull());
  });

  it('fills in the name and email of a signed-in shopper, who may still change them', async () => {
    const { store } = renderScreen(<ContactPage />, { path: '/contact' });
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');
    act(() => {
      store.dispatch(
        setCredentials({
          user: { _id: 'u1', name: 'Ravi Kumar', email: 'ravi@example.in' } as UserDto,
          token: 'token',
          refreshToken: 'refresh',
        }),
      );
    });
    await waitFor(() => expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Ravi Kumar'));
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ravi@example.in');
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Ravi K');
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Ravi K');
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
