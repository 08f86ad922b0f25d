import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render.tsx';
import { GoogleCallbackPage } from './google-callback-page.tsx';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('GoogleCallbackPage', () => {
  it('goes back to /login without a code, signing nobody in', async () => {
    const view = renderScreen(<GoogleCallbackPage />, {
      path: '/auth/google/callback',
      url: '/auth/google/callback?error=access_denied',
      extraRoutes: [{ path: '/login', element: <p>login screen</p> }],
    });
    expect(await screen.findByText('login screen')).toBeTruthy();
    expect(view.store.getState().session.userToken).toBeNull();
    expect(Object.keys(view.store.getState().api.mutations)).toHaveLength(0);
  });
});
