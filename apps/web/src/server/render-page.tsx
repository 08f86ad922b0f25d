// The landing pages drawn on the server by the components the browser uses (docs/decisions/047-server-rendered-landing-pages.md).
// Built on its own (`vite build --ssr`, apps/web/dist/server) and loaded by the API, which hands it the answers it read.
import { CARD_PAYMENT_MODES, type ShopSettings } from '@bagshop/shared/shop-settings';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { trimUnusedRules } from '../../build/trim-css.ts';
import { api } from '../api/api.ts';
import { type PageAnswers, putPageAnswers } from '../api/page-answers.ts';
import { shopSettingsApi } from '../api/shop-settings-api.ts';
import { routes } from '../app/router.tsx';
import { emptySession } from '../session/session-slice.ts';
import { makeStore } from '../store/store.ts';

const handler = createStaticHandler(routes);

/**
 * The markup of `#root` for the page at `url` (a path with its query), as the app's first render in a browser draws
 * it from the same answers and settings for a visitor not signed in; null when the app would send the shopper
 * elsewhere.
 */
export async function renderPage(url: string, answers: PageAnswers, settings: ShopSettings): Promise<string | null> {
  const location = new URL(url, 'http://shop.invalid');
  const context = await handler.query(new Request(location));
  if (context instanceof Response) return null;
  const store = makeStore(emptySession());
  if ((CARD_PAYMENT_MODES as readonly string[]).includes(settings.cardPayments)) {
    store.dispatch(
      shopSettingsApi.util.upsertQueryEntries([{ endpointName: 'shopSettings', arg: undefined, value: settings }]),
    );
  }
  putPageAnswers(store, location, answers);
  try {
    const router = createStaticRouter(handler.dataRoutes, context);
    return renderToString(
      <StrictMode>
        <Provider store={store}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </Provider>
      </StrictMode>,
    );
  } finally {
    // Answers nobody is subscribed to are kept for a while before they are dropped; a rendered page's store is done.
    store.dispatch(api.util.resetApiState());
  }
}

const trimmedSheets = new Map<string, string>();
const MAX_TRIMMED_SHEETS = 200;

const classesIn = (html: string) =>
  new Set([...html.matchAll(/\bclass="([^"]*)"/g)].flatMap(([, names]) => names.split(/\s+/).filter(Boolean)));

/**
 * The rules of the app's stylesheet that apply to classes the page has (and every rule naming no class): what the
 * page needs for its first paint, written into it so that no stylesheet holds that paint back.
 */
export function firstPaintCss(html: string, stylesheet: string): string {
  const used = classesIn(html);
  // Pages of one kind use the same classes: each set is trimmed once.
  const key = `${stylesheet.length}:${[...used].sort().join(' ')}`;
  let css = trimmedSheets.get(key);
  if (css === undefined) {
    css = trimUnusedRules(stylesheet, (className) => used.has(className));
    if (trimmedSheets.size >= MAX_TRIMMED_SHEETS) trimmedSheets.clear();
    trimmedSheets.set(key, css);
  }
  return css;
}
