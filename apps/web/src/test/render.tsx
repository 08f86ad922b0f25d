import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, parsePath, RouterProvider } from 'react-router';
import { makeStore } from '../store/store.ts';

/**
 * Renders a screen inside the real store and a memory router.
 * `extraRoutes` lets a test see where the screen navigates (e.g. `{ path: '/login', element: <p>login</p> }`);
 * `state` is the navigation state the screen is opened with.
 */
export function renderScreen(
  element: ReactElement,
  options: {
    path?: string;
    url?: string;
    state?: unknown;
    extraRoutes?: { path: string; element: ReactElement }[];
    /** A store prepared before the screen mounts (e.g. answers already in the cache, so none is fetched over them). */
    store?: ReturnType<typeof makeStore>;
  } = {},
) {
  const store = options.store ?? makeStore();
  const path = options.path ?? '/';
  const router = createMemoryRouter([{ path, element }, ...(options.extraRoutes ?? [])], {
    initialEntries: [{ ...parsePath(options.url ?? path), state: options.state }],
  });
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { ...view, store, router };
}
