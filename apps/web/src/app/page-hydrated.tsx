import { createContext, useContext, useEffect } from 'react';

/** Told once the routed page itself has taken over the server's markup; given only while hydrating. */
export const PageHydratedContext = createContext<(() => void) | null>(null);

/**
 * Sits inside the layout's Suspense boundary beside the page. React hydrates a boundary after the shell around it,
 * so an effect outside it runs while the page is still the server's markup; this one runs once the page is React's
 * too. Until then nothing may change what the page's first render reads (the session, the API cache), or the
 * page would not match the server's (docs/decisions/047-server-rendered-landing-pages.md).
 */
export function PageHydrated() {
  const onHydrated = useContext(PageHydratedContext);
  useEffect(() => {
    onHydrated?.();
  }, [onHydrated]);
  return null;
}
