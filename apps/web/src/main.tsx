import 'bootstrap/dist/css/bootstrap.min.css';
import 'react-toastify/dist/ReactToastify.css';
import './styles.css';
import { TOAST_AUTO_CLOSE_MS } from '@bagshop/shared/limits';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { createRouter } from './app/router.tsx';
import { makeStore } from './store/store.ts';

const store = makeStore();
const router = createRouter();

const root = document.getElementById('root');
if (!root) throw new Error('missing #root');
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
