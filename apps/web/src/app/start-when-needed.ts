import { STORAGE_KEYS } from '../session/storage-keys.ts';

export interface AppModule {
  startApp(root: HTMLElement): Promise<void>;
  hydrateApp(root: HTMLElement): Promise<void>;
}

/** What tells the app a shopper has come to use the page. */
const FIRST_INTERACTION = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;
/** Where the server names the whole stylesheet, which a landing page does without until the app starts. */
const LATER_STYLES = 'meta[name="later-styles"]';
/** Where the server names the files of the app's code and styles. */
const APP_FILES = 'meta[name="app-files"]';

/** The app's files into the browser's cache, unrun: asked for once the page has loaded, at the lowest priority. */
function prefetchApp() {
  const files = document.querySelector<HTMLMetaElement>(APP_FILES)?.content.split(' ').filter(Boolean) ?? [];
  for (const href of files) {
    const link = Object.assign(document.createElement('link'), { rel: 'prefetch', href });
    // As the app's modules are asked for, so the copy in the cache is the one they use.
    if (href.endsWith('.js')) link.crossOrigin = 'anonymous';
    document.head.append(link);
  }
}

function whenIdle(run: () => void) {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: 3000 });
  else window.setTimeout(run, 200);
}

/** Anything the app answers, not the browser: buttons, except a GET form's submit, which works without it. */
function controlNeedingApp(target: EventTarget | null, root: HTMLElement): HTMLElement | null {
  const control = target instanceof Element ? target.closest<HTMLButtonElement>('button') : null;
  if (!control || !root.contains(control)) return null;
  const isGetSubmit = control.type === 'submit' && (control.form?.getAttribute('method') ?? '').toLowerCase() === 'get';
  return isGetSubmit ? null : control;
}

/**
 * Starts the app (docs/decisions/047-server-rendered-landing-pages.md). A page the server sent as its frame only is
 * drawn at once. A landing page the server drew whole already shows everything and its links, filters, pages and
 * search work as plain web pages; the app hydrates it when the shopper first touches, clicks, types or tabs (a
 * signed-in shopper's at once when the browser is idle, since their navbar and cart are their own). A tap on a
 * button before then is held and given to the button once the app has taken over. The app's files are fetched ahead
 * once the page has loaded; the whole stylesheet is taken up as the app starts.
 */
export function startWhenNeeded(root: HTMLElement, load: () => Promise<AppModule>): void {
  if (root.dataset.rendered !== 'server') {
    void load().then((app) => app.startApp(root));
    return;
  }
  const afterLoad = () => whenIdle(prefetchApp);
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
  // The page carries every rule it uses; the rest matter only once the app changes the page.
  const laterStyles = () => {
    for (const named of document.querySelectorAll<HTMLMetaElement>(LATER_STYLES)) {
      const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href: named.content });
      document.head.append(link);
    }
  };

  const held: HTMLElement[] = [];
  let started = false;
  const holdTap = (event: Event) => {
    const control = controlNeedingApp(event.target, root);
    if (!control) return;
    event.preventDefault();
    event.stopPropagation();
    if (!held.includes(control)) held.push(control);
    start();
  };
  const start = () => {
    if (started) return;
    started = true;
    for (const type of FIRST_INTERACTION) window.removeEventListener(type, start, true);
    laterStyles();
    load()
      .then((app) => app.hydrateApp(root))
      .then(() => {
        document.removeEventListener('click', holdTap, true);
        document.documentElement.dataset.app = 'ready';
        for (const control of held) if (control.isConnected) control.click();
      })
      .catch((error: unknown) => {
        // The app's files did not arrive (the connection dropped): the next touch tries again.
        started = false;
        held.length = 0;
        for (const type of FIRST_INTERACTION) window.addEventListener(type, start, { capture: true, passive: true });
        throw error;
      });
  };
  document.addEventListener('click', holdTap, true);
  for (const type of FIRST_INTERACTION) window.addEventListener(type, start, { capture: true, passive: true });
  if (localStorage.getItem(STORAGE_KEYS.userToken)) whenIdle(start);
}
