import { REMEMBERED_PINCODE_KEY, STORAGE_KEYS } from '../session/storage-keys.ts';

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

/** What this browser keeps makes the page the shopper's own: their navbar and cart, their delivery estimate. */
function pageIsShoppersOwn(): boolean {
  try {
    return Boolean(localStorage.getItem(STORAGE_KEYS.userToken) || localStorage.getItem(REMEMBERED_PINCODE_KEY));
  } catch {
    // A browser that keeps nothing (storage switched off) has nothing of the shopper's to show.
    return false;
  }
}

type TypedField = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

function isTypedField(target: EventTarget | null): target is TypedField {
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !['checkbox', 'radio', 'file'].includes(target.type);
}

/**
 * Hands what a shopper typed before the app took over to the app. Hydration keeps the field's text but not the
 * component's state, which would put the field back to empty on its next render: the value is set again as if typed,
 * first cleared through the element (which React watches) and then set past it, so React sees a change.
 */
function replayTyping(typed: Map<TypedField, string>) {
  for (const [field, value] of typed) {
    if (!field.isConnected) continue;
    const prototype = Object.getPrototypeOf(field) as object;
    field.value = '';
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
    field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  }
}

/**
 * Starts the app (docs/decisions/047-server-rendered-landing-pages.md). A page the server sent as its frame only is
 * drawn at once. A landing page the server drew whole already shows everything and its links, filters, pages and
 * search work as plain web pages; the app hydrates it when the shopper first touches, clicks, types or tabs (at once
 * when the browser is idle if this browser keeps the shopper's session or delivery pincode, which the page shows). A tap on a
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
  const typed = new Map<TypedField, string>();
  const noteTyping = (event: Event) => {
    if (isTypedField(event.target) && root.contains(event.target)) typed.set(event.target, event.target.value);
  };
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
        for (const type of ['input', 'change']) document.removeEventListener(type, noteTyping, true);
        replayTyping(typed);
        // The typing's renders come first, so a held button acts on what was typed.
        return new Promise((resolve) => setTimeout(resolve, 0));
      })
      .then(() => {
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
  for (const type of ['input', 'change']) document.addEventListener(type, noteTyping, true);
  for (const type of FIRST_INTERACTION) window.addEventListener(type, start, { capture: true, passive: true });
  if (pageIsShoppersOwn()) whenIdle(start);
}
