import 'bootstrap/dist/css/bootstrap.min.css';
import 'react-toastify/dist/ReactToastify.css';
import './styles.css';
import { TOAST_AUTO_CLOSE_MS } from '@bagshop/shared/limits';
import { CARD_PAYMENT_MODES, type ShopSettings } from '@bagshop/shared/shop-settings';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { cacheAnswersInPage } from './api/page-answers.ts';
import { shopSettingsApi } from './api/shop-settings-api.ts';
import { createRouter } from './app/router.tsx';
import { makeStore } from './store/store.ts';

/**
 * Hands the main thread back to the browser between the steps of starting the app, so a slow phone paints and
 * answers a tap between them instead of running them as one long task (docs/decisions/032-first-load.md).
 */
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const store = makeStore();

/**
 * A landing page carries the shop's settings (as GET /api/shop/settings answers them): with them in the store the
 * first render draws the test-mode ribbon the page's frame already shows, so nothing moves
 * (docs/decisions/023-storefront-first-load.md).
 */
function settingsFromPage(): ShopSettings | null {
  try {
    const given = JSON.parse(document.getElementById('shop-settings')?.textContent ?? 'null') as ShopSettings | null;
    return given && (CARD_PAYMENT_MODES as readonly string[]).includes(given.cardPayments) ? given : null;
  } catch {
    return null;
  }
}
const givenSettings = settingsFromPage();
if (givenSettings) store.dispatch(shopSettingsApi.util.upsertQueryData('shopSettings', undefined, givenSettings));
cacheAnswersInPage(store, window.location);

// Not a top-level await: that would make the build split the first download into dozens of small files.
async function start(root: HTMLElement) {
  await yieldToBrowser();
  const router = createRouter();
  await yieldToBrowser();
  // As a transition the first render yields to the browser every few milliseconds instead of holding a slow phone's
  // main thread for one long task (docs/decisions/023-storefront-first-load.md).
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <Provider store={store}>
          <RouterProvider router={router} />
          <ToastContainer position="bottom-right" autoClose={TOAST_AUTO_CLOSE_MS} newestOnTop />
        </Provider>
      </StrictMode>,
    );
  });
}

const root = document.getElementById('root');
if (!root) throw new Error('missing #root');
void start(root);
