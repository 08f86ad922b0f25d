import 'react-toastify/dist/ReactToastify.css';
import { TOAST_AUTO_CLOSE_MS } from '@bagshop/shared/limits';
import { CARD_PAYMENT_MODES, type ShopSettings } from '@bagshop/shared/shop-settings';
import { type ReactNode, StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { catalogueApi } from './api/catalogue-api.ts';
import { answersInPage, productIdOf, putPageAnswers } from './api/page-answers.ts';
import { shopSettingsApi } from './api/shop-settings-api.ts';
import { PageHydratedContext } from './app/page-hydrated.tsx';
import { createRouter } from './app/router.tsx';
import { emptySession, loadSession, selectIsSignedIn, sessionRestored } from './session/session-slice.ts';
import { type AppStore, makeStore } from './store/store.ts';

/**
 * Hands the main thread back to the browser between the steps of starting the app, so a slow phone paints and
 * answers a tap between them instead of running them as one long task (docs/decisions/032-first-load.md).
 */
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * A page carries the shop's settings (as GET /api/shop/settings answers them): with them in the store the first
 * render draws the test-mode ribbon the page already shows, so nothing moves (docs/decisions/023-storefront-first-load.md).
 */
function settingsFromPage(): ShopSettings | null {
  try {
    const given = JSON.parse(document.getElementById('shop-settings')?.textContent ?? 'null') as ShopSettings | null;
    return given && (CARD_PAYMENT_MODES as readonly string[]).includes(given.cardPayments) ? given : null;
  } catch {
    return null;
  }
}

function storeForPage(store: AppStore): AppStore {
  const givenSettings = settingsFromPage();
  if (givenSettings)
    store.dispatch(
      shopSettingsApi.util.upsertQueryEntries([{ endpointName: 'shopSettings', arg: undefined, value: givenSettings }]),
    );
  putPageAnswers(store, window.location, answersInPage());
  return store;
}

function App({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <StrictMode>
      <Provider store={store}>{children}</Provider>
    </StrictMode>
  );
}

/** Toasts live in a root of their own, beside the page: the server draws none, so hydration never meets them. */
function mountToasts() {
  const holder = document.createElement('div');
  document.body.append(holder);
  createRoot(holder).render(
    <StrictMode>
      <ToastContainer position="bottom-right" autoClose={TOAST_AUTO_CLOSE_MS} newestOnTop />
    </StrictMode>,
  );
}

/** A page the server sent as its frame only (every screen but the landing pages): the app draws it. */
export async function startApp(root: HTMLElement): Promise<void> {
  const store = storeForPage(makeStore());
  await yieldToBrowser();
  const router = createRouter();
  await yieldToBrowser();
  // As a transition the first render yields to the browser every few milliseconds instead of holding a slow phone's
  // main thread for one long task (docs/decisions/023-storefront-first-load.md).
  startTransition(() => {
    createRoot(root).render(
      <App store={store}>
        <RouterProvider router={router} />
      </App>,
    );
  });
  mountToasts();
}

/**
 * A landing page the server drew with React (docs/decisions/047-server-rendered-landing-pages.md): the same tree, from
 * the same answers, signed out as the server drew it, takes over the page's markup; then the session kept in this
 * browser is taken up, so a signed-in shopper's navbar, cart badge and product page become theirs.
 */
export async function hydrateApp(root: HTMLElement): Promise<void> {
  const store = storeForPage(makeStore(emptySession()));
  const router = createRouter();
  await new Promise<void>((resolve) => {
    hydrateRoot(
      root,
      <App store={store}>
        <PageHydratedContext.Provider value={resolve}>
          <RouterProvider router={router} />
        </PageHydratedContext.Provider>
      </App>,
    );
  });
  store.dispatch(sessionRestored(loadSession()));
  const productId = productIdOf(window.location.pathname);
  // A signed-in shopper's product answer also says whether they reviewed it.
  if (productId && selectIsSignedIn(store.getState())) {
    store.dispatch(catalogueApi.util.invalidateTags([{ type: 'Product', id: productId }]));
  }
  mountToasts();
}
