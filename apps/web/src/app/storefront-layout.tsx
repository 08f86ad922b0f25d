import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { TestModeRibbon } from '../features/shop-settings/test-mode-ribbon.tsx';
import { Footer } from './footer.tsx';
import { PageFallback } from './lazy-page.tsx';
import { AppNavbar } from './navbar.tsx';
import { PageHydrated } from './page-hydrated.tsx';

export function StorefrontLayout() {
  return (
    <div className="d-flex flex-column min-vh-100">
      <a href="#main" className="visually-hidden-focusable skip-link">
        Skip to content
      </a>
      <TestModeRibbon />
      <AppNavbar />
      <main id="main" className="flex-grow-1">
        <Suspense fallback={<PageFallback />}>
          <Outlet />
          <PageHydrated />
        </Suspense>
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
