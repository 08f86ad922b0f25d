import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { makeStore } from '../app/store.ts';

/**
 * Renders a screen inside the real store and a memory router.
 * `extraRoutes` lets a test see where the screen navigates (e.g. `{ path: '/login', element: <p>login</p> }`).
 */
export function renderScreen(
  element: ReactElement,
  options: { path?: string; url?: string; extraRoutes?: { path: string; element: ReactElement }[] } = {},
) {
  const store = makeStore();
  const path = options.path ?? '/';
  const router = createMemoryRouter([{ path, element }, ...(options.extraRoutes ?? [])], {
    initialEntries: [options.url ?? path],
  });
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { ...view, store, router };
}
