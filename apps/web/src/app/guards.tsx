import { Navigate, Outlet, useLocation } from 'react-router';
import { NotFoundPage } from '../components/not-found-page.tsx';
import { useIsAdmin, useIsSignedIn } from '../session/session-hooks.ts';

/** docs/product.md §2: unauthenticated visitors go to /login, which returns them to where they were. */
export function RequireAuth() {
  const signedIn = useIsSignedIn();
  const location = useLocation();
  if (!signedIn) return <Navigate to="/login" replace state={{ from: location }} />;
  return <Outlet />;
}

/** Admin screens: visitors sign in first; signed-in customers see the 404 screen (the server refuses them too). */
export function RequireAdmin() {
  const signedIn = useIsSignedIn();
  const isAdmin = useIsAdmin();
  const location = useLocation();
  if (!signedIn) return <Navigate to="/login" replace state={{ from: location }} />;
  if (!isAdmin) return <NotFoundPage />;
  return <Outlet />;
}
